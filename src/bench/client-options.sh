#!/usr/bin/env bash
# Client options side by side at 16 workers, server (memory backend) in its own JVM: shared vs per-worker
# clients (GET), verify off vs on (GET), checksums when-required vs always (PUT and GET).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
start_server memory
bench_run client-options.yaml "warmup|warmup-get|data"
