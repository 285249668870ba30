#!/usr/bin/env bash
# Client efficiency against `s3workload server --backend null` in its own JVM: GET and PUT of 4 KiB, 1 MiB and
# 10 MiB at 16 and 64 workers, for the bare baseline (BareLoop.java: the same sync client in a plain loop) and the
# engine with the sync and the CRT client. One table: ops/s, MiB/s, client CPU-ms per op and CPU-s per GiB, KiB
# allocated per op (the whole client process, SDK included), and engine/baseline ratios.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
java_bin() { . "$root/src/bin/find-jdk.sh"; s3w_find_jdk >/dev/null; echo "$JAVA_HOME/bin/java"; }
java=$(java_bin)
"$root/s3workload" --version >/dev/null   # builds the jar if needed
log=$(mktemp)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$java" -jar "$root/cli/target/s3workload.jar" server --backend null --port "$port" >"$log" 2>&1 &
server_pid=$!
trap 'kill $server_pid 2>/dev/null' EXIT
sleep 2
export S3W_ENDPOINT="http://127.0.0.1:$port"
baseline=$(mktemp)
rows=()
for c in 16 64; do for op in put get; do for size in 4KiB 1MiB 10MiB; do rows+=("$op:$size:$c"); done; done; done
"$java" --enable-native-access=ALL-UNNAMED -cp "$root/cli/target/s3workload.jar" "$bench_dir/BareLoop.java" \
  "$S3W_ENDPOINT" 8 5 "${rows[@]}" >"$baseline"
engine=$(mktemp)
"$root/s3workload" run "$bench_dir/client-efficiency.yaml" --no-progress >"$engine"
python3 "$bench_dir/efficiency_table.py" "$baseline" "$engine"
rm -f "$baseline" "$engine" "$log"
