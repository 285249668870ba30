#!/usr/bin/env bash
# What the JIT compiles while a benchmark measures: one s3workload stage against a fresh MinIO, recorded with JFR's
# jdk.Compilation events (no duration threshold), then per 5-second slice the client's CPU and the C1/C2 compile
# time, and the longest C2 compiles of the window vs-warp.sh measures (by default seconds 10-23 of the run), each
# with when it began, the bytecode it inlined and the machine code it made. A compile of half a second in that
# window is a tenth of a PUT row's client CPU there (docs/performance.md, "The JIT in the window").
#
#   src/bench/jit-window.sh [OP [SIZE [WORKERS [SECONDS]]]]      e.g. src/bench/jit-window.sh put 10MiB 16 40
#
# Needs `minio` on the PATH (../shared/peers/build-peers.sh). Environment: FROM and TO (the window, seconds since
# the JVM started; default 10 and 23), JAVA_OPTS (more JVM options to try, e.g. -XX:CompileThresholdScaling=0.2).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" # root, start_minio, minio_workload
op=${1:-put}
size=${2:-1MiB}
workers=${3:-16}
secs=${4:-40}
from=${FROM:-10}
to=${TO:-23}
command -v minio >/dev/null || { echo "jit-window: no 'minio' on the PATH; build it with ../shared/peers/build-peers.sh" >&2; exit 2; }
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk || exit 2
"$root/s3workload" --version >/dev/null # builds the jar first if needed
work=$(mktemp -d)
trap 'stop_minio; rm -rf "$work"' EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
start_minio "$work" "$port" benchbench bench-secret

minio_workload "$work/w.yaml" "$port" jit-window "$workers"
if [ "$op" = put ]; then
  echo "  - {name: measure, kind: put, sizes: [$size], objects: 1000000, duration: ${secs}s}" >>"$work/w.yaml"
else
  echo "  - {name: measure, kind: $op, sizes: [$size], objects: 200, duration: ${secs}s}" >>"$work/w.yaml"
fi
cat >"$work/compile.jfc" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0">
  <event name="jdk.Compilation"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
</configuration>
EOF

JAVA_OPTS="${JAVA_OPTS:-} -XX:StartFlightRecording=filename=$work/run.jfr,settings=$work/compile.jfc" \
  "$root/s3workload" run "$work/w.yaml" --no-progress --out "$work/results" >"$work/run.log" 2>&1 &
launcher=$!
# the client's CPU every 5 s from its /proc/PID/stat (utime + stime, every thread)
pid=
for _ in $(seq 1 100); do
  pid=$(pgrep -f "s3workload.jar run $work/w.yaml" | head -1 || true)
  [ -n "$pid" ] && break; sleep 0.05
done
[ -n "$pid" ] || { cat "$work/run.log"; echo "jit-window: the client did not start" >&2; exit 1; }
hz=$(getconf CLK_TCK)
started=$(awk '{print $22}' "/proc/$pid/stat") # clock ticks after boot
: >"$work/cpu.tsv"
while kill -0 "$pid" 2>/dev/null; do # seconds since the client started, its CPU ticks
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || break
  awk -v up="$(cut -d' ' -f1 /proc/uptime)" -v s="$started" -v hz="$hz" \
    '{print up - s / hz, $14 + $15}' <<<"$stat" >>"$work/cpu.tsv"
  sleep 1
done
wait "$launcher" || { tail -20 "$work/run.log"; echo "jit-window: the run failed" >&2; exit 1; }
grep -E "^ +(PUT|GET|HEAD|CPU|Throughput)" "$work/run.log" | head -4
"$JAVA_HOME/bin/jfr" print --json --events jdk.Compilation "$work/run.jfr" >"$work/compile.json"

python3 - "$work/compile.json" "$work/cpu.tsv" "$hz" "$from" "$to" <<'PY'
import datetime, json, sys
events = json.load(open(sys.argv[1]))["recording"]["events"]
hz, lo, hi = int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
cpu = [tuple(map(float, line.split())) for line in open(sys.argv[2]) if line.strip()]

def when(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()

def seconds(iso):  # an ISO-8601 duration such as PT0.0123S or PT1M2.5S
    text, total = iso[2:], 0.0
    if "M" in text:
        minutes, text = text.split("M")
        total += 60 * float(minutes)
    return total + (float(text[:-1]) if text.endswith("S") else 0.0)

# JFR's times are wall clock; the JVM's start is the first compile's, within a few ms of the process's
t0 = min(when(e["values"]["startTime"]) for e in events)
rows = []
for e in events:
    v = e["values"]
    m = v["method"]
    rows.append((when(v["startTime"]) - t0, seconds(v["duration"]), v["compileLevel"],
                 m["type"]["name"].split("/")[-1] + "." + m["name"], v.get("inlinedBytes", 0), v.get("codeSize", 0)))

def cpu_at(t):  # the client's CPU seconds at t seconds since it started, from the nearest sample at or before t
    best = None
    for since_start, ticks in cpu:
        if since_start <= t:
            best = ticks
    return None if best is None else best / hz

print(f"{'seconds':>9}  {'client CPU':>10}  {'C2 compiling':>12}  {'C1 compiling':>12}  compiles")
end = max(r[0] for r in rows)
for start in range(0, int(end) + 5, 5):
    part = [r for r in rows if start <= r[0] < start + 5]
    a, b = cpu_at(start), cpu_at(start + 5)
    used = f"{b - a:8.2f} s" if a is not None and b is not None else "         -"
    print(f"{start:>3}-{start + 5:<3} s  {used:>10}  {sum(r[1] for r in part if r[2] == 4):10.3f} s"
          f"  {sum(r[1] for r in part if r[2] != 4):10.3f} s  {len(part):8d}")
window = sorted((r for r in rows if lo <= r[0] < hi and r[2] == 4), key=lambda r: -r[1])
a, b = cpu_at(lo), cpu_at(hi)
c2 = sum(r[1] for r in window)
share = f", {100 * c2 / (b - a):.0f}% of the client's {b - a:.2f} CPU-s there" if a is not None and b and b > a else ""
print(f"\nC2 in seconds {lo:g}-{hi:g}: {c2:.3f} s{share}; the longest compiles:")
for r in window[:12]:
    print(f"  {r[0]:5.1f} s  {r[1]:6.3f} s  {r[3]}  ({r[4]} bytes of bytecode inlined, {r[5]} bytes of code)")
PY
