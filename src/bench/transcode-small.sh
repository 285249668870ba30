#!/usr/bin/env bash
# The transcode stage scaled down (sources 4 x 256 MiB, chunk 16 MiB, 32 jobs, 30 s) on the embedded server:
# prints the three t3-validator blocks and checks that reads x chunk = bytes read.
#   src/bench/transcode-small.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
JAVA_OPTS="${JAVA_OPTS:--Xmx2g}" "$root/s3workload" run "$root/src/bench/transcode-small.yaml" --no-progress \
  --embedded-backend fs >"$out"
sed -n '/Read Operations/,/within target/p' "$out"
grep -E "^transcode +RANGE GET" "$out" | awk '{ print "summary row: " $0 }'
grep -q "within target" "$out" || { cat "$out"; echo "bench: no transcode report" >&2; exit 1; }
