#!/usr/bin/env bash
# 10,000 concurrent jobs on this machine against the embedded server, small objects, -Xmx1g: the run must
# complete, the heap stay under 1 GiB, and the progress line tick every second. Prints the run's mix figures,
# the progress lines' seconds, and the largest heap in use after a GC (from the JVM's GC log).
#   src/bench/many-jobs.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$(mktemp)
gclog=$(mktemp)
trap 'rm -f "$out" "$gclog"' EXIT
JAVA_OPTS="-Xmx1g -Xlog:gc:file=$gclog" "$root/s3workload" run "$root/src/bench/many-jobs.yaml" >"$out" 2>&1 || {
  tail -40 "$out"; echo "bench: the run failed" >&2; exit 1; }
sed -n '/^  MIX 1 KiB  (/,/Throughput/p' "$out"
echo
ticks=$(grep -c "^  MIX 1 KiB .*s/30.0s" "$out" || true)
gaps=$(grep "^  MIX 1 KiB .*s/30.0s" "$out" | awk '{ split($4, t, "s/"); if (NR > 1 && t[1] - last > 1.5) g++; last = t[1] } END { print g + 0 }')
peak=$(grep -o -E '[0-9]+M->[0-9]+M\([0-9]+M\)' "$gclog" | sed -E 's/.*->([0-9]+)M.*/\1/' | sort -n | tail -1)
committed=$(grep -o -E '\([0-9]+M\)' "$gclog" | tr -d '()M' | sort -n | tail -1)
echo "bench many-jobs (10,000 workers, 30 s, embedded, -Xmx1g): $ticks progress lines, $gaps gaps > 1.5 s;" \
  "largest heap after GC ${peak:-?} MiB, largest heap committed ${committed:-?} MiB"
