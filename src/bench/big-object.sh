#!/usr/bin/env bash
# One 10 GiB object uploaded and downloaded (verified) through the embedded server's filesystem backend, in the
# same JVM, with -Xmx256m; prints the peak RSS of the whole process (client and server). Needs ~25 GB of free
# disk in $TMPDIR for the server's parts and object. Extra arguments go to `run` (e.g. --set stages.put.sizes=1GiB).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
out=$(mktemp)
JAVA_OPTS="-Xmx256m" /usr/bin/time -f "peak RSS %M KiB, %e s wall" -o "$out.time" \
  "$root/s3workload" run "$bench_dir/big-object.yaml" --embedded-backend fs --no-progress "$@" >"$out"
grep -E "^  (PUT|GET) |Latency|TTFB|Throughput|Errors|Cleanup" "$out"
cat "$out.time"
rm -f "$out" "$out.time"
