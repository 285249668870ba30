#!/usr/bin/env bash
# GET 100 MiB objects single-stream vs parallel ranges at the same number of requests in flight (16), and one
# object at a time (1 stream vs 10 ranges), against an S3Proxy server (memory backend) in its own JVM.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
start_server memory
bench_run ranged-get.yaml "data|warmup"
