#!/usr/bin/env bash
# How fast `s3workload check` judges a history (docs/performance.md, "Checking a history"): linearizable histories
# written by history-gen.py (operations, keys, processes per row), each checked REPEATS times (default 3). Prints per
# row the time the check itself reports (reading the file and the JVM's start left out), the command's wall time,
# operations checked a second, states searched and the peak RSS. Target (issue 47): 100,000 operations over 100 keys
# in under 10 s.
#   src/bench/history-check.sh [REPEATS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
repeats=${1:-3}
printf '%-9s %-6s %-10s %-22s %-14s %-14s %-12s %s\n' operations keys processes "check (s, min-max)" "wall (s)" \
  "ops/s" "states" "peak RSS"
for row in "10000 8 16" "100000 100 16" "100000 8 16" "100000 8 64" "100000 1000 64"; do
  set -- $row
  python3 "$bench_dir/history-gen.py" "$1" "$2" "$3" >"$out/h.jsonl"
  checks=() walls=() states="" rss=0
  for _ in $(seq 1 "$repeats"); do
    /usr/bin/time -f "%e %M" -o "$out/time" "$root/s3workload" check "$out/h.jsonl" >"$out/check.txt"
    checks+=("$(sed -nE 's/.*checked in ([0-9.]+) s.*/\1/p' "$out/check.txt")")
    walls+=("$(cut -d' ' -f1 "$out/time")")
    states=$(sed -nE 's/.*\(([0-9,]+) states searched\).*/\1/p' "$out/check.txt")
    r=$(cut -d' ' -f2 "$out/time"); [ "$r" -gt "$rss" ] && rss=$r
    grep -q "verdict    ok" "$out/check.txt" || { cat "$out/check.txt"; echo "bench: not ok" >&2; exit 1; }
  done
  python3 - "$1" "$2" "$3" "${checks[*]}" "${walls[*]}" "$states" "$rss" <<'PY'
import statistics, sys
ops, keys, procs = sys.argv[1:4]
checks = [float(x) for x in sys.argv[4].split()]
walls = [float(x) for x in sys.argv[5].split()]
med = statistics.median(checks)
print(f"{int(ops):<9,} {keys:<6} {procs:<10} {med:.2f} ({min(checks):.2f}-{max(checks):.2f}){'':<8} "
      f"{statistics.median(walls):<14.2f} {int(ops) / med:<12,.0f} {sys.argv[6]:<12} {int(sys.argv[7]) // 1024} MiB")
PY
done
