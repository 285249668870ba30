#!/usr/bin/env bash
# Each key in its recorded order, at scale (docs/replay.md): a mix over few keys (GETs, PUTs, HEADs and DELETEs of
# 200 objects at 400 operations a second for 20 s, each key's operations close together) runs against one MinIO
# with its audit webhook on, then that audit log is replayed against a second MinIO with each jar given, alternated,
# REPEATS times. Prints per jar and repeat: operations replayed, those that failed where the log recorded a success
# (a read or a HEAD before its key's write ended, a 404 the log never had), the operations that waited for their key,
# and lateness p99. Measured from the replay's own summary.json; the failures are counted against the audit log.
#   src/bench/replay-order.sh [REPEATS [SPEED]]
#   JARS="/tmp/old/cli/target/s3workload.jar cli/target/s3workload.jar" src/bench/replay-order.sh 3
# Needs a minio binary (PATH, GOPATH/bin, or go-installed: src/e2e/lib/servers.sh) and python3 with boto3.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
repeats=${1:-2}
speed=${2:-1}
jars=${JARS:-$root/cli/target/s3workload.jar}
check="bench replay-order"
work=$(mktemp -d)
. "$root/src/e2e/lib/servers.sh"
trap 'stop_servers; rm -rf "$work"' EXIT
. "$root/src/bin/find-jdk.sh"
s3w_find_java >/dev/null || exit 2
export AWS_ACCESS_KEY_ID=compat-key AWS_SECRET_ACCESS_KEY=compat-secret-key AWS_REGION=us-east-1
need_minio || exit 1

receiver_port=$(free_port)
python3 - "$receiver_port" "$work/audit.jsonl" >"$work/receiver.log" 2>&1 <<'PY' &
import http.server, json, sys
out = open(sys.argv[2], 'a', buffering=1)
class Audit(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
        for line in body.decode().splitlines():
            if line.strip():
                entry = json.loads(line)
                for e in entry if isinstance(entry, list) else [entry]:
                    out.write(json.dumps(e) + '\n')
        self.send_response(200); self.end_headers()
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), Audit).serve_forever()
PY
echo $! >>"$work/pids"
wait_port "$receiver_port" || { echo "$check: the audit receiver did not start"; exit 1; }
port=$(free_port)
mkdir -p "$work/recorded-data"
recorded=$(serve minio-recorded "$port" env MINIO_ROOT_USER=compat-key MINIO_ROOT_PASSWORD=compat-secret-key \
  MINIO_AUDIT_WEBHOOK_ENABLE_trace=on MINIO_AUDIT_WEBHOOK_ENDPOINT_trace="http://127.0.0.1:$receiver_port/audit" \
  "$minio" server --address "127.0.0.1:$port" "$work/recorded-data") || { echo "$check: $recorded"; exit 1; }
make_bucket "$recorded" rec
cat >"$work/record.yaml" <<'YAML'
bucket: rec
stages:
  - {name: mix, kind: mix, size: {min: 1KiB, max: 64KiB}, objects: 200, operations: 8000, rate: 400/s,
     concurrency: 32, ops: {get: 40, put: 30, head: 20, delete: 10}}
YAML
"$JAVA_HOME/bin/java" -jar "$root/cli/target/s3workload.jar" run "$work/record.yaml" --endpoint "$recorded" \
  --no-progress --report console >"$work/record.log" 2>&1 || { tail -20 "$work/record.log"; exit 1; }
last=-1
for _ in $(seq 1 100); do
  n=$(wc -l <"$work/audit.jsonl" 2>/dev/null || echo 0)
  [ "$n" = "$last" ] && [ "$n" -gt 0 ] && break
  last=$n; sleep 0.3
done
echo "$check: recorded $(wc -l <"$work/audit.jsonl") audit entries of a mix over 200 keys at 400/s; replaying at speed $speed"
printf '%-60s %6s %9s %8s %12s %12s\n' jar repeat replayed "failed*" "key waits" "late p99 ms"
for r in $(seq 1 "$repeats"); do
  for jar in $jars; do
    port2=$(free_port)
    rm -rf "$work/replayed-data"; mkdir -p "$work/replayed-data"
    replayed=$(serve minio-replayed-$r "$port2" env MINIO_ROOT_USER=compat-key MINIO_ROOT_PASSWORD=compat-secret-key \
      "$minio" server --address "127.0.0.1:$port2" "$work/replayed-data") || { echo "$check: $replayed"; exit 1; }
    make_bucket "$replayed" replay
    printf 'bucket: replay\nstages:\n  - {name: replay, kind: replay, trace: %s, speed: %s}\n' "$work/audit.jsonl" \
      "$speed" >"$work/replay.yaml"
    out="$work/out-$r-$(basename "$(dirname "$(dirname "$(dirname "$jar")")")")"
    "$JAVA_HOME/bin/java" -jar "$jar" run "$work/replay.yaml" --endpoint "$replayed" --no-progress \
      --report console,json --out "$out" >"$out.log" 2>&1 || true
    python3 - "$out/summary.json" "$jar" "$r" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))['stages'][0]
r = s['replay']
failed = sum(c['errors'] for c in s['cells'] if c['op'] == 'MIX')
waits = (r.get('keyOrder') or {}).get('waited', '-')
print(f"{sys.argv[2][-60:]:<60} {sys.argv[3]:>6} {r['issued']:>9} {failed:>8} {waits:>12} {r['latenessP99Ms']:>12.2f}")
PY
    kill "$(tail -1 "$work/pids")" 2>/dev/null || true
  done
done
echo "* failed: operations that failed where the audit log recorded a success (a recorded failure met again is not one)"
