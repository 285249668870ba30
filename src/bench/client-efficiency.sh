#!/usr/bin/env bash
# Client efficiency against `s3workload server --backend null` in its own JVM: GET and PUT of 4 KiB, 1 MiB and
# 10 MiB at 16 and 64 workers, for a bare loop over the engine's own S3 client and for the engine with the sync
# and the CRT client, alternated row by row in one warm JVM and repeated (ClientEfficiency.java). One table:
# ops/s, MiB/s, client CPU-ms per op, KiB allocated per op, and engine/baseline ratios.
#   src/bench/client-efficiency.sh [SECONDS_PER_ROW [REPEATS [ROW_FILTER]]]   (default 4 s, 2 repeats: about 10 minutes)
# ROW_FILTER keeps the rows whose "op size workers" contains it, e.g. "put 1MiB 16".
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk
"$root/s3workload" --version >/dev/null   # builds the jar if needed
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$JAVA_HOME/bin/java" -jar "$root/cli/target/s3workload.jar" server --backend null --port "$port" >/dev/null 2>&1 &
server_pid=$!
trap 'kill $server_pid 2>/dev/null' EXIT
sleep 2
# CE_ONLY=bare|sync|crt runs one of them alone and CE_JAVA_OPTS adds JVM options (e.g. a JFR recording) to profile it.
"$JAVA_HOME/bin/java" ${CE_JAVA_OPTS:-} --enable-native-access=ALL-UNNAMED -cp "$root/cli/target/s3workload.jar" \
  "$bench_dir/ClientEfficiency.java" "http://127.0.0.1:$port" "${1:-4}" "${2:-2}" "${3:-}"
