#!/usr/bin/env bash
# Where a PUT client's CPU goes by thread, measured from outside: s3workload or warp alone against a fresh MinIO, and
# over a window of the run (after FROM seconds, LEN long) the client's CPU per MiB written (user and kernel, from
# /proc/PID/stat), the same split by thread name (/proc/PID/task/*/stat: workers, C1/C2 compiler threads, GC, ...),
# its voluntary and involuntary context switches per MiB (/proc/PID/task/*/status), and mid-window the socket
# buffers of its connections to MinIO (`ss -tmi`: tb the send buffer, w what is queued in it). MiB written is MinIO's
# own PutObject count over the window times the object size.
#
#   src/bench/client-threads.sh [s3workload|warp [SIZE_MIB [WORKERS]]]      e.g. src/bench/client-threads.sh warp 10 64
#
# Needs `minio` (and for warp `warp`) on the PATH: ../shared/peers/build-peers.sh builds both. Environment: FROM
# (default 40: past the JIT's first half-minute, as vs-warp.sh's WARMUP=40), LEN (default 10), JAVA_OPTS (passed
# to s3workload). One run is one sample: alternate the tools and repeat (docs/performance.md, "PUT 10 MiB at 64
# workers, by thread").
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
tool=${1:-s3workload}
size_mib=${2:-10}
workers=${3:-64}
from=${FROM:-40}
len=${LEN:-10}
case "$tool" in s3workload|warp) ;; *) echo "client-threads: the tool is s3workload or warp, not '$tool'" >&2; exit 2 ;; esac
command -v minio >/dev/null || { echo "client-threads: no 'minio' on the PATH; build it with ../shared/peers/build-peers.sh" >&2; exit 2; }
[ "$tool" = s3workload ] || command -v warp >/dev/null || { echo "client-threads: no 'warp' on the PATH" >&2; exit 2; }
"$root/s3workload" --version >/dev/null # builds the jar first if needed, before anything is measured
work=$(mktemp -d)
client=
trap '[ -n "$client" ] && { kill "$client" 2>/dev/null; wait "$client" 2>/dev/null || true; }; stop_minio; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
start_minio "$work" "$port" benchbench bench-secret
secs=$((from + len + 5))

if [ "$tool" = s3workload ]; then
  minio_workload "$work/w.yaml" "$port" client-threads "$workers"
  cat >>"$work/w.yaml" <<EOF
  - {name: measure, kind: put, sizes: [${size_mib}MiB], objects: 1000000, duration: ${secs}s}
EOF
  "$root/s3workload" run "$work/w.yaml" --no-progress --out "$work/results" >"$work/client.log" 2>&1 &
else
  (cd "$work" && exec warp put --host "127.0.0.1:$port" --access-key benchbench --secret-key bench-secret \
    --bucket client-threads --obj.size $((size_mib * 1048576)) --concurrent "$workers" --duration "${secs}s" \
    --noclear --disable-sha256-payload --benchdata "$work/warp") >"$work/client.log" 2>&1 &
fi
client=$!
pid=
for _ in $(seq 1 50); do # the JVM behind the launcher, or warp itself
  pid=$(pgrep -f "s3workload.jar run $work/w.yaml" | head -1 || true)
  [ "$tool" = warp ] && pid=$client
  [ -n "$pid" ] && break
  sleep 0.2
done
[ -n "$pid" ] || { cat "$work/client.log"; echo "client-threads: the client did not start" >&2; exit 1; }
sleep "$from"

# threads: name (digits and a trailing dash dropped, so workers are one group) and utime + stime, summed per name
threads() { for t in /proc/"$pid"/task/*; do
    printf '%s %s\n' "$(tr ' ' '_' <"$t/comm" 2>/dev/null | sed 's/[-#0-9]*$//')" "$(awk '{print $14 + $15}' "$t/stat" 2>/dev/null)"
  done | awk 'NF == 2 {a[$1] += $2} END {for (k in a) print k, a[k]}' | sort; }
switches() { cat /proc/"$pid"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt/ {v += $2} /^nonvoluntary_ctxt/ {n += $2} END {print v, n}'; }
puts() { curl -s "http://127.0.0.1:$port/minio/metrics/v3/api/requests" | awk '
  index($1, "name=\"PutObject\"") && $1 ~ /^minio_api_requests_total/ {n += $2} END {print n + 0}'; }
cpu() { awk '{print $14, $15}' /proc/"$pid"/stat; }

threads >"$work/threads0"; read -r v0 n0 < <(switches); read -r u0 s0 < <(cpu); p0=$(puts)
sleep $((len / 2))
ss -tmi "dport = :$port" 2>/dev/null | grep -o 'skmem:([^)]*)' | sed 's/.*tb\([0-9]*\),.*,w\([0-9]*\),.*/\1 \2/' >"$work/buffers" || true
sleep $((len - len / 2))
threads >"$work/threads1"; read -r v1 n1 < <(switches); read -r u1 s1 < <(cpu); p1=$(puts)

hz=$(getconf CLK_TCK)
mib=$(( (p1 - p0) * size_mib ))
[ "$mib" -gt 0 ] || { echo "client-threads: MinIO saw no PUT in the window" >&2; exit 1; }
python3 - "$tool" "$size_mib" "$workers" "$from" "$len" "$hz" "$mib" "$u0" "$s0" "$u1" "$s1" "$v0" "$n0" "$v1" "$n1" \
  "$work/threads0" "$work/threads1" "$work/buffers" <<'PY'
import sys
tool, size, workers, start, length, hz, mib = sys.argv[1], *map(int, sys.argv[2:8])
u0, s0, u1, s1, v0, n0, v1, n1 = map(int, sys.argv[8:16])
def load(path):
    out = {}
    for line in open(path):
        name, ticks = line.split()
        out[name] = int(ticks)
    return out
before, after = load(sys.argv[16]), load(sys.argv[17])
ms = lambda ticks: ticks * 1000 / hz / mib
print(f"{tool}: PUT {size} MiB at {workers} workers, seconds {start}-{start + length}: {mib / length:.0f} MiB/s")
print(f"  client CPU   {ms(u1 - u0 + s1 - s0):.3f} ms/MiB ({ms(u1 - u0):.3f} in user space, {ms(s1 - s0):.3f} in the kernel)")
print(f"  switches     {(v1 - v0) / mib:.2f} voluntary, {(n1 - n0) / mib:.2f} involuntary a MiB")
buffers = [tuple(map(int, l.split())) for l in open(sys.argv[18]) if l.strip()]
if buffers:
    queued = sorted(w for _, w in buffers)
    print(f"  sockets      {len(buffers)}, send buffer {max(t for t, _ in buffers) / 1048576:.1f} MiB at most; "
          f"queued in it {queued[len(queued) // 2] / 1024:.0f} KiB (median), {queued[-1] / 1024:.0f} KiB at most")
print("  by thread    ms/MiB")
spent = {k: after.get(k, 0) - before.get(k, 0) for k in after}
for name, ticks in sorted(spent.items(), key=lambda kv: -kv[1]):
    if ticks > 0:
        print(f"    {name:<22} {ms(ticks):.3f}")
PY
