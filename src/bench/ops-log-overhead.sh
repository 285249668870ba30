#!/usr/bin/env bash
# What the ops log costs (docs/performance.md, "The ops log"): PUT 1 KiB at 10,000 workers for 40 s against the null
# server in its own JVM, with --report json alone and with json,ops, alternated REPEATS times (default 3). Measured
# from outside the client: its CPU is the growth of utime + stime in /proc/PID/stat over a 20 s window from 15 s after
# its stage began (after the JVM's start, the workers' connections and the JIT's first compilations), its operations
# in that window are the seconds of summary.json's timeline inside it; also the client's peak RSS (VmHWM) and the
# log's bytes per operation. Client and server each get a core of their own (taskset, where there are two), and the
# client a fixed heap (-Xms = -Xmx 2g): sharing cores and a growing heap made CPU per operation vary 2x from run to
# run with the log off. The verdict is the median of the repeats' ratios, with their range.
# Target: CPU per operation with the log at most 1.05x without it, at most 40 bytes a row. WARM and WINDOW (seconds,
# default 15 and 20) move the window; the stage runs 5 s past it.
#   src/bench/ops-log-overhead.sh [REPEATS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
pin_cores
PIN="${pin_server[*]}" start_server null
out=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null; rm -rf "$out"' EXIT
hz=$(getconf CLK_TCK)
warm=${WARM:-15} window=${WINDOW:-20}
# writer_ticks PID: CPU ticks of the log's writer thread (named ops-log), 0 when there is none
writer_ticks() {
  local t
  for t in /proc/"$1"/task/*; do
    [ "$(cat "$t/comm" 2>/dev/null)" = ops-log ] && { awk '{print $14 + $15}' "$t/stat"; return; }
  done
  echo 0
}

# one_run NAME REPORTS: runs the workload, prints "cpu_ms_per_op ops_in_window rss_mib log_bytes rows errors
# writer_ms_per_op"
one_run() {
  local dir="$out/$1" pid began t0 c0 c1 t1 w0 w1
  rm -rf "$dir"
  JAVA_OPTS="-Xms2g -Xmx2g" "${pin_client[@]}" "$root/s3workload" run "$bench_dir/ops-log-overhead.yaml" \
    --no-progress --report "$2" --out "$dir" --set "stages.put-1kib.duration=$((warm + window + 5))s" \
    >"$out/$1.log" 2>&1 &
  pid=$(sleep 0.5; pgrep -f -n "java.*ops-log-overhead.yaml")
  for _ in $(seq 1 200); do # the stage begins when the run's header is out and the bucket checked
    [ -d "$dir" ] && break
    sleep 0.1
  done
  sleep "$warm"
  t0=$(date +%s%3N); c0=$(awk '{print $14 + $15}' "/proc/$pid/stat"); w0=$(writer_ticks "$pid")
  sleep "$window"
  t1=$(date +%s%3N); c1=$(awk '{print $14 + $15}' "/proc/$pid/stat"); w1=$(writer_ticks "$pid")
  rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  wait
  python3 - "$dir" "$t0" "$t1" "$c0" "$c1" "$hz" "$rss" "$w0" "$w1" <<'PY'
import json, os, sys, subprocess
d, t0, t1, c0, c1, hz, rss, w0, w1 = sys.argv[1], *map(int, sys.argv[2:])
s = json.load(open(f"{d}/summary.json"))
cell = s['stages'][0]['cells'][0]
ops = sum(x['operations'] + x['errors'] for x in cell['timeline'] if t0 <= x['epochMs'] - 1000 and x['epochMs'] <= t1)
window = sum(1 for x in cell['timeline'] if t0 <= x['epochMs'] - 1000 and x['epochMs'] <= t1)
ops = ops * (t1 - t0) / 1000 / max(window, 1)  # the seconds wholly inside the window, scaled to its length
log = f"{d}/ops.csv.zst"
size = os.path.getsize(log) if os.path.exists(log) else 0
rows = cell['operations'] + cell['errors']
print(f"{(c1 - c0) * 1000 / hz / ops:.4f} {ops:.0f} {rss / 1024:.0f} {size} {rows} {cell['errors']} {(w1 - w0) * 1000 / hz / ops:.4f}")
PY
}
declare -a off on
for r in $(seq 1 "${1:-3}"); do
  off+=("$(one_run off json)")
  on+=("$(one_run on json,ops)")
  echo "repeat $r: log off: ${off[-1]}; log on: ${on[-1]}   (CPU-ms/op, ops in ${window} s, peak RSS MiB, log bytes, rows, errors, of the CPU-ms/op the log's writer's)"
done
python3 - "$(printf '%s\n' "${off[@]}")" "$(printf '%s\n' "${on[@]}")" "$warm" "$window" <<'PY'
import statistics, sys
warm, window = int(sys.argv[3]), int(sys.argv[4])
off = [list(map(float, l.split())) for l in sys.argv[1].splitlines()]
on = [list(map(float, l.split())) for l in sys.argv[2].splitlines()]
cpu_off = statistics.median(x[0] for x in off)
cpu_on = statistics.median(x[0] for x in on)
ratios = [b[0] / a[0] for a, b in zip(off, on)]
print(f"bench ops-log-overhead PUT 1 KiB c10000 x {len(off)}, {window} s from {warm} s in: CPU {cpu_off:.4f} ms/op off, {cpu_on:.4f} on (medians);"
      f" ratio {statistics.median(ratios):.3f}x (median; repeats {', '.join(f'{r:.3f}' for r in ratios)});"
      f" {sum(x[1] for x in off) / len(off) / window:.0f} vs {sum(x[1] for x in on) / len(on) / window:.0f} ops/s;"
      f" peak RSS {max(x[2] for x in off):.0f} vs {max(x[2] for x in on):.0f} MiB;"
      f" log {sum(x[3] for x in on) / sum(x[4] for x in on):.1f} bytes/op;"
      f" of the CPU with the log on, its writer thread's {statistics.median(x[6] for x in on) * 1000:.2f} µs/op (median)")
PY
