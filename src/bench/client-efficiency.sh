#!/usr/bin/env bash
# Client efficiency against `s3workload server --backend null` in its own JVM (or, with CE_SERVER=minio, a real
# MinIO from the PATH): GET and PUT of 4 KiB, 1 MiB and 10 MiB at 16 and 64 workers, for a bare loop over the AWS
# SDK's sync client as the engine builds it and for the engine with each client (http, sync, crt), alternated row
# by row in one warm JVM and repeated (ClientEfficiency.java). One table: ops/s, MiB/s, client CPU-ms per op, KiB
# allocated per op, and engine/baseline ratios.
#   src/bench/client-efficiency.sh [SECONDS_PER_ROW [REPEATS [ROW_FILTER]]]   (default 4 s, 2 repeats: about 15 minutes)
#   CE_SERVER=minio src/bench/client-efficiency.sh 8 2 "get 1MiB 16"           (the real-server row)
# ROW_FILTER keeps the rows whose "op size workers" contains it, e.g. "put 1MiB 16". The null server hides what a
# real server's pace costs the client (docs/performance.md); src/bench/vs-warp.sh compares with warp.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk
"$root/s3workload" --version >/dev/null   # builds the jar if needed
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
if [ "${CE_SERVER:-null}" = minio ]; then
  command -v minio >/dev/null || { echo "client-efficiency: no 'minio' on the PATH (../shared/peers/build-peers.sh)" >&2; exit 2; }
  data=$(mktemp -d)
  export CE_ACCESS_KEY=benchbench CE_SECRET_KEY=bench-secret
  MINIO_ROOT_USER=$CE_ACCESS_KEY MINIO_ROOT_PASSWORD=$CE_SECRET_KEY minio server "$data" --address "127.0.0.1:$port" \
    --console-address 127.0.0.1:0 --quiet >/dev/null 2>&1 &
  server_pid=$!
  trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; rm -rf "$data"' EXIT
else
  "$JAVA_HOME/bin/java" -jar "$root/cli/target/s3workload.jar" server --backend null --port "$port" >/dev/null 2>&1 &
  server_pid=$!
  trap 'kill $server_pid 2>/dev/null' EXIT
fi
sleep 2
# CE_ONLY=bare|http|sync|crt runs one of them alone and CE_JAVA_OPTS adds JVM options (e.g. a JFR recording) to profile it.
"$JAVA_HOME/bin/java" ${CE_JAVA_OPTS:-} --enable-native-access=ALL-UNNAMED -cp "$root/cli/target/s3workload.jar" \
  "$bench_dir/ClientEfficiency.java" "http://127.0.0.1:$port" "${1:-4}" "${2:-2}" "${3:-}"
