#!/usr/bin/env bash
# What the data settings cost the client: PUT 1 MiB at 16 workers, 20 s, against the null server in its own JVM,
# with unique bodies (the default), {compressible: 2} and {dedupe: 3}, alternated REPEATS times (default 2). The
# client's CPU comes from /proc/PID/stat over seconds 8-18 of each run, its rate from the run's own table; prints
# CPU-ms per MiB for each setting and its ratio to unique bodies (the target: at most 1.10).
#   src/bench/data-settings.sh [REPEATS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
start_server null
out=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null; rm -rf "$out"' EXIT
measure() { # measure DATA: prints "MiB/s cores CPU-ms/MiB"
  local pid cores mib
  { cat "$bench_dir/data-settings.yaml"; echo "    data: $1"; } >"$out/w.yaml"
  "$root/s3workload" run "$out/w.yaml" --no-progress >"$out/run.txt" 2>&1 & pid=$!
  cores=$(busy_cores "$pid" 8 10)
  wait "$pid" || { cat "$out/run.txt" >&2; exit 1; }
  mib=$(awk '$1 == "put" && $2 == "PUT" {print $9}' "$out/run.txt" | tail -1)
  awk -v cores="$cores" -v mib="$mib" 'BEGIN { printf "%s %.3f %.4f\n", mib, cores, cores * 1000 / mib }'
}
settings=("unique" "{compressible: 2}" "{dedupe: 3}")
declare -A sum
for r in $(seq 1 "${1:-2}"); do
  for s in "${settings[@]}"; do
    line=$(measure "$s")
    echo "repeat $r, data $s: $line   (MiB/s, cores busy, CPU-ms/MiB)"
    sum[$s]=$(python3 -c "print(${sum[$s]:-0} + $(echo "$line" | awk '{print $3}'))")
  done
done
for s in "${settings[@]}"; do
  python3 - "$s" "${sum[$s]}" "${sum[unique]}" "${1:-2}" <<'PY'
import sys
name, total, unique, repeats = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
print(f"bench data-settings PUT 1 MiB c16, null server: data {name}: {total / repeats:.4f} CPU-ms/MiB,"
      f" {total / unique:.3f} x unique")
PY
done
