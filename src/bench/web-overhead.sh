#!/usr/bin/env bash
# What the live page (--web) costs the client: GET 4 KiB at 16 workers, 25 s, against the null server in its own JVM,
# without --web, with --web and no page open, with a page's event stream read (curl: the client renders and sends
# exactly what it does for a browser, without a browser's rendering on these 2 cores), and with the page open in
# headless Chromium on the same machine (Debian's chromium; its CPU is the browser's, not counted, but it takes cores
# from the client), alternated REPEATS times (default 3). The client's CPU comes from /proc/PID/stat (every thread)
# over seconds 10-20 of each run, its rate from the run's own table; prints CPU per operation each way and the ratios.
#   src/bench/web-overhead.sh [REPEATS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
command -v chromium >/dev/null || { echo "web-overhead: needs chromium (the Debian package)"; exit 1; }
start_server null
out=$(mktemp -d)
browser=""
trap 'kill $server_pid 2>/dev/null; [ -n "$browser" ] && kill $browser 2>/dev/null; rm -rf "$out"' EXIT
# measure NAME [page] ARGS...: one run; prints "ops/s cores CPU-ms/op"
measure() {
  local name=$1 page=$2 pid cores ops url; shift 2
  "$root/s3workload" run "$bench_dir/web-overhead.yaml" --no-progress "$@" >"$out/$name.txt" 2>&1 & pid=$!
  if [ "$page" != none ]; then
    for _ in $(seq 1 100); do grep -q "^Live view:" "$out/$name.txt" && break; sleep 0.1; done
    url=$(sed -n 's/^Live view: \(http[^ ]*\).*/\1/p' "$out/$name.txt")
    if [ "$page" = stream ]; then
      curl -sN "${url}events" >"$out/events.txt" 2>/dev/null &
    else
      chromium --headless=new --no-sandbox --disable-gpu --user-data-dir="$out/profile" "$url" >/dev/null 2>&1 &
    fi
    browser=$!
  fi
  cores=$(busy_cores "$pid" 10 10)
  wait "$pid"
  if [ -n "$browser" ]; then kill "$browser" 2>/dev/null; wait "$browser" 2>/dev/null || true; browser=""; fi
  ops=$(awk '$1 == "get-4kib" && $2 == "GET" {print $8}' "$out/$name.txt" | tail -1)
  awk -v cores="$cores" -v ops="$ops" 'BEGIN { printf "%s %.3f %.4f\n", ops, cores, cores * 1000 / ops }'
}
declare -a off idle stream open
for r in $(seq 1 "${1:-3}"); do
  off+=("$(measure off none)")
  idle+=("$(measure idle none --web 0)")
  stream+=("$(measure stream stream --web 0)")
  open+=("$(measure open chromium --web 0)")
  echo "repeat $r: without --web ${off[-1]}; --web, no page ${idle[-1]}; its events read ${stream[-1]};" \
    "Chromium on this machine ${open[-1]}   (ops/s, cores busy, CPU-ms/op)"
done
python3 - "${off[*]}" "${idle[*]}" "${stream[*]}" "${open[*]}" <<'PY'
import sys
def col(s, i):
    v = [float(x) for x in s.split()]
    return [v[j + i] for j in range(0, len(v), 3)]
runs = dict(zip(["without --web", "--web, no page open", "--web, its events read", "--web, Chromium on this machine"],
                sys.argv[1:5]))
base = sum(col(runs["without --web"], 2)) / len(col(runs["without --web"], 2))
print("| | ops/s | cores busy | CPU-ms/op | vs without |")
print("| --- | ---: | ---: | ---: | ---: |")
for name, s in runs.items():
    ops, cores, per = col(s, 0), col(s, 1), col(s, 2)
    r = lambda x, f: f"{f.format(min(x))}-{f.format(max(x))}" if len(x) > 1 else f.format(x[0])
    print(f"| {name} | {r(ops, '{:,.0f}')} | {r(cores, '{:.3f}')} | {r(per, '{:.4f}')} |"
          f" {sum(per) / len(per) / base:.2f}x |")
PY
