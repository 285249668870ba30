#!/usr/bin/env bash
# How long a PUT takes to send, at the tail, in the first seconds of a run: an open loop of 400 PUTs a second, sizes
# 1 KiB-256 KiB, 256 workers, 12 s, against a fresh MinIO each run; the send time (request start to the body's last
# byte) at p99 and its maximum, the late starts, and the JVM's CPU. vs-warp.sh measures steady-state CPU; this
# measures what a cold or stalled body path does to latency (a MemorySegment fill cost 10-257 ms at p99 here, 2-9 ms
# made through putLong; docs/performance.md, How bodies are made). Give jars to alternate them, the launcher's by
# default:
#   src/bench/put-send-tail.sh [REPEATS] [JAR...]
# Needs `minio` on the PATH (../shared/peers/build-peers.sh builds it).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
repeats=${1:-3}; shift || true
jars=("$@")
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk || exit 2
command -v minio >/dev/null || { echo "put-send-tail: no 'minio' on the PATH; build it with ../shared/peers/build-peers.sh" >&2; exit 2; }
[ ${#jars[@]} -gt 0 ] || { "$root/s3workload" --version >/dev/null; jars=("$root/cli/target/s3workload.jar"); }
work=$(mktemp -d)
trap 'stop_minio; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export AWS_ACCESS_KEY_ID=benchbench AWS_SECRET_ACCESS_KEY=bench-secret AWS_REGION=us-east-1
cat >"$work/w.yaml" <<'YAML'
bucket: bench
createBucket: true
stages:
  - {name: put, kind: put, size: {min: 1KiB, max: 256KiB}, rate: 400/s, duration: 12s, concurrency: 256, objects: 100000}
YAML
printf '%-40s %6s %12s %12s %12s %10s\n' jar run "send p99" "send max" "late starts" "JVM CPU"
for r in $(seq 1 "$repeats"); do
  for jar in "${jars[@]}"; do
    start_minio "$work" "$port" "$AWS_ACCESS_KEY_ID" "$AWS_SECRET_ACCESS_KEY"
    /usr/bin/time -o "$work/time" -f '%U %S' "$JAVA_HOME/bin/java" -jar "$jar" run "$work/w.yaml" \
      --endpoint "http://127.0.0.1:$port" --no-progress --report console --out "$work/out" >"$work/run.log" 2>&1 \
      || { tail -20 "$work/run.log"; echo "put-send-tail: the run failed" >&2; exit 1; }
    send=$(grep -m1 '^    Send ' "$work/run.log")
    p99=$(echo "$send" | grep -o 'P99: [^,]*' | cut -d' ' -f2-)
    max=$(echo "$send" | grep -o 'Max: [^(]*' | cut -d' ' -f2- | sed 's/ *$//')
    late=$(grep -m1 '^    Schedule ' "$work/run.log" | awk '{print $3 " of " $5}')
    printf '%-40s %6s %12s %12s %12s %9.2fs\n' "$(basename "$jar")" "$r" "$p99" "$max" "$late" \
      "$(awk '{print $1 + $2}' "$work/time")"
  done
done
