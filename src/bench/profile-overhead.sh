#!/usr/bin/env bash
# What --profile costs: GET 4 KiB at 16 workers, 25 s, against the null server in its own JVM, with and without
# --profile, alternated REPEATS times (default 3). The client's CPU comes from /proc/PID/stat (every thread) over
# seconds 10-20 of each run, its rate from the run's own table; prints CPU per operation each way and the ratio.
#   src/bench/profile-overhead.sh [REPEATS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
start_server null
out=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null; rm -rf "$out"' EXIT
# measure NAME ARGS...: one run; prints "ops/s cores CPU-ms/op"
measure() {
  local name=$1 pid cores ops; shift
  "$root/s3workload" run "$bench_dir/profile-overhead.yaml" --no-progress "$@" >"$out/$name.txt" 2>&1 & pid=$!
  cores=$(busy_cores "$pid" 10 10)
  wait "$pid"
  ops=$(awk '$1 == "get-4kib" && $2 == "GET" {print $8}' "$out/$name.txt" | tail -1)
  awk -v cores="$cores" -v ops="$ops" 'BEGIN { printf "%s %.3f %.4f\n", ops, cores, cores * 1000 / ops }'
}
declare -a off on
for r in $(seq 1 "${1:-3}"); do
  off+=("$(measure off)")
  on+=("$(measure on --profile --out "$out/profiled")")
  echo "repeat $r: without --profile ${off[-1]}; with ${on[-1]}   (ops/s, cores busy, CPU-ms/op)"
done
python3 - "${off[*]}" "${on[*]}" <<'PY'
import sys
def per_op(s):
    v = [float(x) for x in s.split()]
    return [v[i + 2] for i in range(0, len(v), 3)]
a, b = per_op(sys.argv[1]), per_op(sys.argv[2])
print(f"bench profile-overhead GET 4 KiB c16, null server, x {len(a)}: {sum(a)/len(a):.4f} CPU-ms/op without"
      f" --profile, {sum(b)/len(b):.4f} with, ratio {sum(b)/sum(a):.3f}")
PY
