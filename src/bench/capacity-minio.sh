#!/usr/bin/env bash
# A capacity search against a real MinIO on this machine: workloads/capacity.yaml as shipped (how many GETs and PUTs
# of 1 MiB does the store sustain at p99 <= 100 ms?) with each step's settle and hold given here, its console
# report, summary.json and report.html, the HTML page as a PNG (headless Chromium, when installed), and MinIO's own
# request counts beside the tool's.
#
#   src/bench/capacity-minio.sh [HOLD [SETTLE]]       e.g. src/bench/capacity-minio.sh 10s 2s (the default)
#
# Needs `minio` on the PATH (../shared/peers/build-peers.sh builds it from a public source snapshot). Results go to
# OUT (default target/capacity-minio/). Client and server share this machine's cores, so the answer is this
# machine's, not MinIO's: the point is a real store's knee found by the tool, with its curve.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
hold=${1:-10s}
settle=${2:-2s}
out=${OUT:-$root/target/capacity-minio}
command -v minio >/dev/null || { echo "capacity-minio: no 'minio' on the PATH; build it with ../shared/peers/build-peers.sh" >&2; exit 2; }
"$root/s3workload" --version >/dev/null # builds the jar first if needed, outside the measurement

work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/data"
MINIO_ROOT_USER=benchbench MINIO_ROOT_PASSWORD=bench-secret MINIO_PROMETHEUS_AUTH_TYPE=public \
  minio server "$work/data" --address "127.0.0.1:$port" --console-address 127.0.0.1:0 --quiet >"$work/minio.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/minio/health/live" >/dev/null && break; sleep 0.2; done
curl -sf "http://127.0.0.1:$port/minio/health/live" >/dev/null || { cat "$work/minio.log"; exit 1; }

# MinIO's own count of one API's requests that it answered without error
requests() { curl -s "http://127.0.0.1:$port/minio/metrics/v3/api/requests" | awk -v api="$1" '
  index($1, "name=\"" api "\"") && $1 ~ /^minio_api_requests_total/ {n += $2}
  index($1, "name=\"" api "\"") && $1 ~ /^minio_api_requests_errors_total/ {e += $2}
  END {printf "%d\n", n - e}'; }

rm -rf "$out"
mkdir -p "$out"
sets=()
for stage in get-capacity put-capacity; do
  sets+=(--set "stages.$stage.hold=$hold" --set "stages.$stage.settle=$settle")
done
AWS_ACCESS_KEY_ID=benchbench AWS_SECRET_ACCESS_KEY=bench-secret AWS_REGION=us-east-1 \
  "$root/s3workload" run "$root/workloads/capacity.yaml" --endpoint "http://127.0.0.1:$port" --bucket capacity \
  --set createBucket=true "${sets[@]}" --no-progress --report console,json,hdr,html,csv --out "$out" | tee "$out/console.txt"

echo
echo "MinIO answered without error: $(requests GetObject) GetObject, $(requests PutObject) PutObject requests"
echo "(the tool's: every step's cell, plus the unmeasured settling, probes and the objects stage; see summary.json)"
if command -v chromium >/dev/null; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,1800 \
    --screenshot="$out/report.png" "file://$out/report.html" >/dev/null 2>&1 && echo "screenshot: $out/report.png"
fi
echo "results: $out (console.txt, summary.json, report.html, table-*-capacity.csv)"
