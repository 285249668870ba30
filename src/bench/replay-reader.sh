#!/usr/bin/env bash
# How fast a replay reads its trace, and whether its memory stays flat in the trace's length (docs/replay.md,
# docs/performance.md): src/bench/trace-gen.py writes access logs of 1 and 10 million operations over the same
# 100,000 keys (gzip-compressed, as logs are shipped), and `s3workload plan` on a replay of each reads it through
# (the pass the stage makes before it starts: every line parsed, the objects to create found), in a JVM held to a
# 128 MiB heap (JAVA_OPTS, default -Xmx128m): that both lengths finish in it is the memory staying flat. Timed and
# its peak RSS taken from outside (/usr/bin/time); operations per second = operations / wall seconds (JVM start
# included).
#   src/bench/replay-reader.sh [MILLIONS...]        default: 1 10
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${REPLAY_BENCH_DIR:-$(mktemp -d)}
[ $# -gt 0 ] && sizes=("$@") || sizes=(1 10)
printf '%-10s %12s %10s %10s %12s %10s\n' operations "file (MiB)" "wall (s)" "CPU (s)" "ops/s" "RSS (MiB)"
for m in "${sizes[@]}"; do
  ops=$((m * 1000000))
  trace="$work/trace-${m}m.log.gz"
  [ -f "$trace" ] || python3 "$root/src/bench/trace-gen.py" --ops "$ops" --seconds $((m * 360)) --keys 100000 \
    | gzip -1 >"$trace"
  cat >"$work/replay-${m}m.yaml" <<YAML
bucket: bench
endpoints:
  s3: {url: "http://127.0.0.1:1"}
stages:
  - {name: replay, kind: replay, trace: trace-${m}m.log.gz}
YAML
  JAVA_OPTS=${JAVA_OPTS:--Xmx128m} /usr/bin/time -f '%e %U %S %M' -o "$work/time-$m" "$root/s3workload" plan "$work/replay-${m}m.yaml" \
    >"$work/plan-$m.log" 2>&1 || { cat "$work/plan-$m.log"; exit 1; }
  read -r wall user sys rss <"$work/time-$m"
  python3 - "$ops" "$(stat -c %s "$trace")" "$wall" "$user" "$sys" "$rss" <<'PY'
import sys
ops, size, wall, user, sys_, rss = int(sys.argv[1]), int(sys.argv[2]), *map(float, sys.argv[3:7])
print(f"{ops:<10,} {size / 2**20:12.1f} {wall:10.1f} {user + sys_:10.1f} {ops / wall:12,.0f} {rss / 1024:10.0f}")
PY
done
