#!/usr/bin/env bash
# What reporting costs: GET 1 MiB at 16 workers, 15 s, against the null server in its own JVM, with the console
# alone and with every reporter on (console, csv, json, prometheus with a scrape every second), alternated
# REPEATS times (default 3). Prints each run's ops/s and the mean ratio; the target is within 3%.
#   src/bench/reporters-overhead.sh [REPEATS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
start_server null
out=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null; rm -rf "$out"' EXIT
ops() { sed -n '/^  GET 1 MiB  (/,/Throughput/p' "$1" | awk '/Throughput/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ops/s") print $i }'; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
declare -a console all
for r in $(seq 1 "${1:-3}"); do
  "$root/s3workload" run "$bench_dir/reporters-overhead.yaml" --no-progress >"$out/console.txt"
  console+=("$(ops "$out/console.txt")")
  ( for _ in $(seq 1 40); do sleep 1; curl -s "http://127.0.0.1:$port/metrics" >/dev/null || true; done ) &
  scraper=$!
  "$root/s3workload" run "$bench_dir/reporters-overhead.yaml" --no-progress --report console,csv,json \
    --out "$out/reports" --prometheus-port "$port" --prometheus-host 127.0.0.1 >"$out/all.txt"
  kill $scraper 2>/dev/null || true
  all+=("$(ops "$out/all.txt")")
  echo "repeat $r: console only ${console[-1]} ops/s, all reporters ${all[-1]} ops/s"
done
python3 - "${console[*]}" "${all[*]}" <<'PY'
import sys
c = [float(x) for x in sys.argv[1].split()]
a = [float(x) for x in sys.argv[2].split()]
print(f"bench reporters-overhead GET 1 MiB c16 15 s x {len(c)}: console only {sum(c)/len(c):.1f} ops/s, "
      f"all reporters {sum(a)/len(a):.1f} ops/s, ratio {sum(a)/sum(c):.3f}")
PY
