#!/usr/bin/env bash
# The sync and CRT clients side by side: PUT/GET 1 MiB and 10 MiB at concurrency 16 and 64, against an S3Proxy
# server (memory backend) in its own JVM. CPU-s/GiB is the client process's CPU per GiB moved.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
start_server memory
bench_run client-matrix.yaml "warmup-sync|warmup-crt"
