#!/usr/bin/env bash
# Soak: 1,000 workers, mixed small objects, 10 minutes (SOAK_DURATION), -Xmx1g, against an S3 server in its own
# JVM (s3workload server, memory backend), so that what is sampled is s3workload alone. Every 30 s it forces a full
# GC in the s3workload JVM (jcmd GC.run) and samples the heap in use after it, its live threads and its open file
# descriptors. The target: the heap after GC at the end within 10% of the heap after GC at minute 1, and no growth
# of threads or file descriptors; it prints every sample and the run's figures.
#   src/bench/soak.sh            SOAK_DURATION=3m src/bench/soak.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk
jdk=$JAVA_HOME
out=$(mktemp)
trap 'rm -f "$out"' EXIT
duration=${SOAK_DURATION:-10m}
port=${SOAK_PORT:-19577}
JAVA_OPTS="-Xmx3g" "$root/s3workload" server --port "$port" --access-key soak --secret-key soak-secret \
  >/dev/null 2>&1 &
server=$!
trap 'rm -f "$out"; kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.2; done
JAVA_OPTS="-Xmx1g" SOAK_DURATION=$duration SOAK_URL="http://127.0.0.1:$port" "$root/s3workload" run \
  "$root/src/bench/soak.yaml" --no-progress >"$out" 2>&1 &
launcher=$!
pid=""
for _ in $(seq 1 120); do
  pid=$(pgrep -f "s3workload.jar run $root/src/bench/soak.yaml" | head -1 || true)
  [ -n "$pid" ] && break
  sleep 0.5
done
[ -n "$pid" ] || { echo "soak: the run did not start" >&2; cat "$out"; exit 1; }
printf '%8s %14s %8s %6s\n' "seconds" "heap after GC" "threads" "fds"
samples=()
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  sleep 30
  kill -0 "$pid" 2>/dev/null || break
  "$jdk/bin/jcmd" "$pid" GC.run >/dev/null 2>&1 || break
  used=$("$jdk/bin/jstat" -gc "$pid" 2>/dev/null | awk 'NR==2 { printf "%.0f", ($3 + $4 + $6 + $8) / 1024 }')
  threads=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo "?")
  fds=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
  [ -n "$used" ] || break
  now=$(( $(date +%s) - start ))
  printf '%8d %10d MiB %8s %6s\n' "$now" "$used" "$threads" "$fds"
  samples+=("$now $used $threads $fds")
done
wait "$launcher" || { tail -40 "$out"; echo "soak: the run failed" >&2; exit 1; }
sed -n '/^  MIX /,/Throughput/p' "$out"
grep -E "^  (GET|PUT|DELETE|HEAD) .*\(|Errors" "$out" || true
n=${#samples[@]}
[ "$n" -ge 3 ] || { echo "soak: too few samples ($n)"; exit 1; }
read -r _ heap1 threads1 fds1 <<<"${samples[1]}"
read -r _ heapN threadsN fdsN <<<"${samples[$((n - 1))]}"
echo "bench soak (1,000 workers, $duration): heap after GC ${heap1} MiB at minute 1, ${heapN} MiB at the end" \
  "($(awk -v a="$heap1" -v b="$heapN" 'BEGIN { printf "%+.1f%%", 100 * (b - a) / a }')); threads $threads1 -> $threadsN;" \
  "file descriptors $fds1 -> $fdsN"
