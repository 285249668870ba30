#!/usr/bin/env bash
# `s3workload analyze` on warp's own per-operation output: warp itself (`warp get --full`) against a real MinIO, then
# `s3workload analyze` over the file warp wrote, its GET count checked against the file's own rows. SKIPPED with the reason where warp is not at hand: the Go module proxy does not
# serve github.com/minio/warp, so it comes from ../shared/peers/build-peers.sh (or any warp on PATH / GOPATH/bin).
#   src/e2e/warp-analyze.sh      (needs the jar: run after ./mvnw verify, or let the launcher build it)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e warp-analyze"
work=$(mktemp -d)
trap 'stop_servers; rm -rf "$work"' EXIT
. "$root/src/e2e/lib/servers.sh"
. "$root/src/e2e/lib/packages.sh"
need_package zstd zstd "$check" || exit 0
warp=$(find_binary warp) || {
  echo "$check: SKIPPED: no warp on PATH or in GOPATH/bin (the Go module proxy does not serve github.com/minio/warp;"\
    "build it with ../shared/peers/build-peers.sh)"
  exit 0
}
url=$(start_minio) || { echo "$check: SKIPPED: MinIO: $url"; exit 0; }
host=${url#http://}
(cd "$work" && "$warp" get --host "$host" --access-key compat-key --secret-key compat-secret-key \
  --bucket warp-analyze --obj.size 4KiB --objects 50 --concurrent 4 --duration 4s --full --no-color \
  --benchdata "$work/warp-get" >"$work/warp.log" 2>&1) \
  || { echo "$check: FAILED: warp get failed"; tail -5 "$work/warp.log"; exit 1; }
file=$(ls "$work"/warp-get*.csv.zst 2>/dev/null | head -1)
[ -n "$file" ] || { echo "$check: FAILED: warp wrote no --full file"; ls "$work"; exit 1; }
# warp's own rows: tab-separated, the op in the third column, '#' comments at the end
rows=$(zstd -q -d -c "$file" | awk -F'\t' 'NR > 1 && $3 == "GET" && $9 == "" {n++} END {print n+0}')
"$root/s3workload" analyze "$file" --op GET >"$work/analyze.txt" 2>&1 \
  || { echo "$check: FAILED: s3workload analyze failed"; cat "$work/analyze.txt"; exit 1; }
ours=$(awk '$1 == "warp" && $2 == "GET" {n += $5} END {print n+0}' "$work/analyze.txt")
if [ "$rows" -gt 0 ] && [ "$ours" = "$rows" ]; then
  echo "$check: OK: warp get --full against MinIO wrote $rows GETs; s3workload analyze counts $ours"
else
  echo "$check: FAILED: the file holds $rows successful GETs, s3workload analyze counts $ours"
  cat "$work/analyze.txt"
  exit 1
fi
