#!/usr/bin/env bash
# Is the client's memory flat in a run's length with the ops log on (docs/performance.md, "The ops log")? The
# workload of ops-log-overhead.sh (PUT 1 KiB at 10,000 workers against the null server in its own JVM, client and
# server on a core each, the client's heap fixed at 2 GiB) runs twice with `--report json,ops`: one minute, then
# MINUTES (default 60). Every 30 s of the long run it samples, from outside the client: its resident memory (VmRSS),
# how much of it is the Java heap's pages (the Rss of the heap's 2 GiB mapping in /proc/PID/smaps) and how much the
# rest (threads' stacks, the JIT's code, the log's and the sockets' native buffers), the heap in use after a full GC
# it asks for (jcmd GC.run, then jstat), its threads and its open file descriptors. It prints every sample, then the
# one-minute run's RSS at its end beside the long run's at its end and at its peak. The heap's pages grow until G1
# has used every region of the fixed heap once, whatever the run does; what would show a leak is the heap after GC
# or the rest growing. Target: both flat, and the long run's RSS at its end within 10% of the one-minute run's.
# REPORTS (default json,ops) runs both with other reports (json alone: the same with the log off).
#   src/bench/ops-log-memory.sh [MINUTES]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk
pin_cores
PIN="${pin_server[*]}" start_server null
out=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null; rm -rf "$out"' EXIT
minutes=${1:-60}
reports=${REPORTS:-json,ops}

# one_run NAME SECONDS SAMPLE: runs the workload for SECONDS; with SAMPLE=1 prints a sample every 30 s; at the end
# prints "rss_at_end_mib peak_rss_mib operations log_bytes" (RSS sampled every 5 s).
one_run() {
  local dir="$out/$1" pid rss=0 peak=0 now start used threads fds heap
  JAVA_OPTS="-Xms2g -Xmx2g" "${pin_client[@]}" "$root/s3workload" run "$bench_dir/ops-log-overhead.yaml" \
    --no-progress --report "$reports" --out "$dir" --set "stages.put-1kib.duration=${2}s" >"$out/$1.log" 2>&1 &
  pid=$(sleep 0.5; pgrep -f -n "java.*ops-log-overhead.yaml")
  start=$(date +%s)
  while kill -0 "$pid" 2>/dev/null; do
    sleep 5
    now=$(($(date +%s) - start))
    # the last VmRSS read before the run's end is the run's RSS at its end
    rss=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status" 2>/dev/null || echo "$rss")
    [ "$rss" -gt "$peak" ] && peak=$rss
    [ "$3" = 1 ] && [ $((now % 30)) -lt 5 ] && [ "$now" -ge 30 ] || continue
    "$JAVA_HOME/bin/jcmd" "$pid" GC.run >/dev/null 2>&1 || continue
    heap=$(awk '/^Size:/ { size = $2 } /^Rss:/ && size == 2097152 { print int($2 / 1024) }' "/proc/$pid/smaps")
    used=$("$JAVA_HOME/bin/jstat" -gc "$pid" 2>/dev/null | awk 'NR==2 { printf "%.0f", ($3 + $4 + $6 + $8) / 1024 }')
    threads=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo "?")
    fds=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
    printf '%8d %10s MiB %10s MiB %10s MiB %10s MiB %8s %6s\n' "$now" "$rss" "${heap:-?}" "$((rss - ${heap:-0}))" \
      "${used:-?}" "$threads" "$fds" >&2
  done
  wait || { tail -20 "$out/$1.log" >&2; echo "ops-log-memory: the $1 run failed" >&2; exit 1; }
  python3 - "$dir" "$rss" "$peak" <<'PY'
import json, os, sys
d, rss, peak = sys.argv[1:]
cell = json.load(open(f"{d}/summary.json"))['stages'][0]['cells'][0]
log = f"{d}/ops.csv.zst"
print(rss, peak, cell['operations'] + cell['errors'], os.path.getsize(log) if os.path.exists(log) else 0)
PY
}

read -r short_rss short_peak short_ops short_log < <(one_run short 60 0)
echo "one-minute run: RSS at its end ${short_rss} MiB (peak ${short_peak}); ${short_ops} operations; log ${short_log} bytes"
printf '%8s %14s %14s %14s %14s %8s %6s\n' seconds RSS "of it heap" "the rest" "heap after GC" threads fds >&2
read -r long_rss long_peak long_ops long_log < <(one_run long $((minutes * 60)) 1)
echo "bench ops-log-memory PUT 1 KiB c10000, reports $reports: RSS ${short_rss} MiB at the end of a one-minute run" \
  "(${short_ops} operations), ${long_rss} MiB at the end of a ${minutes}-minute run (${long_ops} operations," \
  "$(awk -v a="$short_rss" -v b="$long_rss" 'BEGIN { printf "%+.1f%%", 100 * (b - a) / a }'), peak ${long_peak} MiB);" \
  "log $(awk -v b="$long_log" -v n="$long_ops" 'BEGIN { printf "%.1f", b / (n > 0 ? n : 1) }') bytes/op"
