#!/usr/bin/env bash
# A real trace replayed (docs/replay.md): a workload runs against MinIO with MinIO's audit log sent to a small
# receiver (its audit webhook, MINIO_AUDIT_WEBHOOK_*), then that audit log is replayed against a second MinIO at
# speed 1 and at speed 4. Checked: every operation the audit log recorded, counted per S3 API by this script from
# the log itself, is replayed (the replay's cells, ok and errors, per API), the fidelity table's recorded and
# replayed mix agree row by row, nothing is left unissued, no operation failed where the log recorded a success (each
# key in its recorded order: the mix reads and deletes keys it wrote, and before the order was kept a replay here met
# 176 404s the log never had), the late starts and the capped ones add up (the stage's count, the mixed cell's and
# the per-API cells' sum), and the log's lateness (start_us - intended_us) is the one the stage reports. The clock is
# judged exactly, from the replay's ops log against the audit log itself: every operation was due at its recorded
# start (the entry's time less its timeToResponse: MinIO writes the entry once it has answered), from the first,
# divided by the speed, to the microsecond, or later where it waited for an earlier operation on its key to end here
# (the stage counts those waits). How late operations then started is the machine's (MinIO and the replay's JVM
# share two cores here): it is printed, not judged.
#   src/e2e/replay.sh            (needs the jar: run after ./mvnw verify, or let the launcher build it)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e replay"
work=$(mktemp -d)
. "$root/src/e2e/lib/servers.sh"
trap 'stop_servers; rm -rf "$work"' EXIT
export AWS_ACCESS_KEY_ID=compat-key AWS_SECRET_ACCESS_KEY=compat-secret-key AWS_REGION=us-east-1
need_minio || exit 0
. "$root/src/e2e/lib/packages.sh"
need_package zstd zstd "$check" || exit 0

# the receiver: each entry MinIO posts, a line of audit.jsonl
receiver_port=$(free_port)
python3 - "$receiver_port" "$work/audit.jsonl" >"$work/receiver.log" 2>&1 <<'PY' &
import http.server, json, sys
out = open(sys.argv[2], 'a', buffering=1)
class Audit(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
        for line in body.decode().splitlines():  # one entry, or several as JSON lines
            if line.strip():
                entry = json.loads(line)
                for e in entry if isinstance(entry, list) else [entry]:
                    out.write(json.dumps(e) + '\n')
        self.send_response(200); self.end_headers()
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), Audit).serve_forever()
PY
echo $! >>"$work/pids"
wait_port "$receiver_port" || { echo "$check: FAILED: the audit receiver did not start"; exit 1; }

# recorded: MinIO with its audit webhook on
port=$(free_port)
mkdir -p "$work/recorded-data" "$work/replayed-data"
recorded=$(serve minio-recorded "$port" env MINIO_ROOT_USER=compat-key MINIO_ROOT_PASSWORD=compat-secret-key \
  MINIO_AUDIT_WEBHOOK_ENABLE_trace=on MINIO_AUDIT_WEBHOOK_ENDPOINT_trace="http://127.0.0.1:$receiver_port/audit" \
  "$minio" server --address "127.0.0.1:$port" "$work/recorded-data") \
  || { echo "$check: FAILED: $recorded"; exit 1; }
make_bucket "$recorded" rec
cat >"$work/record.yaml" <<'YAML'
bucket: rec
stages:
  - {name: put, kind: put, size: {min: 1KiB, max: 256KiB}, objects: 300, operations: 300, rate: 100/s, concurrency: 8}
  - {name: get, kind: get, from: put, operations: 300, rate: 100/s, concurrency: 8}
  - {name: mix, kind: mix, size: 16KiB, objects: 40, operations: 300, rate: 100/s, concurrency: 8,
     ops: {get: 40, put: 20, head: 20, list: 10, delete: 10}}
  - {name: big, kind: put, size: 12MiB, objects: 2, concurrency: 2, multipart: {threshold: 6MiB, partSize: 5MiB}}
YAML
"$root/s3workload" run "$work/record.yaml" --endpoint "$recorded" --no-progress --report console \
  >"$work/record.log" 2>&1 || { echo "$check: FAILED: the recorded run"; tail -20 "$work/record.log"; exit 1; }
# the webhook posts as requests end: wait until the log stops growing
last=-1
for _ in $(seq 1 100); do
  n=$(wc -l <"$work/audit.jsonl" 2>/dev/null || echo 0)
  [ "$n" = "$last" ] && [ "$n" -gt 0 ] && break
  last=$n; sleep 0.3
done
echo "$check: recorded $(wc -l <"$work/audit.jsonl") audit entries"

# replayed: a second MinIO, at speed 1 and 4
port2=$(free_port)
replayed=$(serve minio-replayed "$port2" env MINIO_ROOT_USER=compat-key MINIO_ROOT_PASSWORD=compat-secret-key \
  "$minio" server --address "127.0.0.1:$port2" "$work/replayed-data") \
  || { echo "$check: FAILED: $replayed"; exit 1; }
make_bucket "$replayed" replay
status=0
for speed in 1 4; do
  cat >"$work/replay-$speed.yaml" <<YAML
bucket: replay
stages:
  - {name: replay, kind: replay, trace: audit.jsonl, speed: $speed}
YAML
  "$root/s3workload" run "$work/replay-$speed.yaml" --endpoint "$replayed" --no-progress --report console,json,ops \
    --out "$work/replay-$speed" >"$work/replay-$speed.log" 2>&1 || true
  zstd -q -d -c "$work/replay-$speed/ops.csv.zst" >"$work/ops-$speed.csv" 2>/dev/null || true
  python3 - "$work/audit.jsonl" "$work/replay-$speed/summary.json" "$speed" "$work/ops-$speed.csv" <<'PY' || status=1
import csv, json, sys
audit, summary, speed, ops = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
cell = {'GetObject': 'GET', 'PutObject': 'PUT', 'HeadObject': 'HEAD', 'DeleteObject': 'DELETE',
        'DeleteMultipleObjects': 'DELETE', 'ListObjectsV2': 'LIST', 'ListObjectsV1': 'LIST', 'CopyObject': 'COPY',
        'NewMultipartUpload': 'CREATE_MULTIPART', 'PutObjectPart': 'UPLOAD_PART',
        'CompleteMultipartUpload': 'COMPLETE_MULTIPART', 'AbortMultipartUpload': 'ABORT_MULTIPART'}
from datetime import datetime, timezone
def micros(text):  # RFC 3339 to the microsecond, as the reader takes it (the nanoseconds cut)
    whole, _, frac = text.rstrip('Z').partition('.')
    t = datetime.strptime(whole, '%Y-%m-%dT%H:%M:%S').replace(tzinfo=timezone.utc)
    return int(t.timestamp()) * 1_000_000 + int((frac + '000000')[:6])
recorded, others, starts = {}, {}, []
for line in open(audit):
    entry = json.loads(line)
    name = entry.get('api', {}).get('name')
    if not name:
        continue
    if name in cell:
        recorded[cell[name]] = recorded.get(cell[name], 0) + 1
        ns = entry['api'].get('timeToResponseInNS')
        starts.append(micros(entry['time']) - (int(ns) // 1000 if ns else 0))
    else:
        others[name] = others.get(name, 0) + 1
try:
    stage = json.load(open(summary))['stages'][0]
except Exception as e:
    print(f"speed {speed}: no summary ({type(e).__name__})"); sys.exit(1)
r = stage['replay']
replayed = {c['op']: c['operations'] + c['errors'] for c in stage['cells'] if c['op'] != 'MIX'}
problems = []
if replayed != recorded:
    problems.append(f"per API, recorded {recorded}, replayed {replayed}")
if r['issued'] != r['played'] or r['notIssued']:
    problems.append(f"issued {r['issued']} of {r['played']}, not issued {r['notIssued']}")
for m in r['mix']:
    if m['recorded'] != m['replayed']:
        problems.append(f"mix {m}")
errors = sum(c['errors'] for c in stage['cells'] if c['op'] == 'MIX')
if errors:
    problems.append(f"{errors} operations failed where the log recorded them succeed: "
                    f"{[(c['op'], c['errorsByClass']) for c in stage['cells'] if c['errors']]}")
try:
    rows = [row for row in csv.DictReader(open(ops)) if row['stage'] == 'replay' and row['own'] == '']
except Exception as e:
    rows = []
    problems.append(f"the ops log: {type(e).__name__}: {e}")
lates = sorted((int(row['start_us']) - int(row['intended_us'])) / 1000 for row in rows)
log_late = lates[-1] if lates else -0.001
p95 = lates[int(0.95 * (len(lates) - 1))] if lates else 0
# the clock: each due at its recorded start / speed from the first (to the microsecond), or later after a key wait
waited = (r.get('keyOrder') or {}).get('waited', 0)
want = sorted(round((t - min(starts)) / float(speed)) for t in starts)
due = sorted(int(row['intended_us']) for row in rows)
due = [d - due[0] for d in due] if due else []
if len(due) != len(want):
    problems.append(f"{len(due)} operations due, the audit log recorded {len(want)}")
else:
    early = [(d, w) for d, w in zip(due, want) if d < w - 2]
    exact, j = 0, 0
    for d in due:  # how many of the due times are a recorded one (each used once), within 2 us
        while j < len(want) and want[j] < d - 2:
            j += 1
        if j < len(want) and want[j] <= d + 2:
            exact += 1
            j += 1
    if early:
        problems.append(f"{len(early)} operations due before their recorded time, e.g. {early[:3]} (us)")
    if exact < len(due) - waited:
        problems.append(f"{exact} of {len(due)} operations due at their recorded time; {waited} waited for their"
                        f" key: the clock did not keep the trace's times at speed {speed}")
if len(rows) != r['issued']:
    problems.append(f"the ops log has {len(rows)} replayed rows, the stage issued {r['issued']}")
elif abs(log_late - r['latenessMaxMs']) > 0.002 * r['latenessMaxMs'] + 0.005:
    problems.append(f"lateness max {r['latenessMaxMs']:.3f} ms in the stage, {log_late:.3f} ms in the ops log")
late = {c['op']: c['lateStarts'] for c in stage['cells']}
capped = {c['op']: c['cappedStarts'] for c in stage['cells']}
if not (r['late'] == late.pop('MIX') == sum(late.values())) or r['capped'] > r['late']:
    problems.append(f"late starts do not add up: the stage's {r['late']} (capped {r['capped']}), the cells' {late}")
if not (r['capped'] == capped.pop('MIX') == sum(capped.values())):
    problems.append(f"capped starts do not add up: the stage's {r['capped']}, the cells' {capped}")
skipped = {k: v for k, v in r['skipped'].items()}
if skipped != others:
    problems.append(f"not replayed {skipped}, the log's others {others}")
print(f"speed {speed}: {r['issued']} of {r['played']} issued over {r['traceSeconds']:.1f} s recorded; per API "
      f"{replayed}; {waited} waited for an earlier operation on their key (p99 "
      f"{(r.get('keyOrder') or {}).get('waitP99Ms', 0):.2f} ms); late p50 {r['latenessP50Ms']:.2f} ms, p95 "
      f"{p95:.2f} ms, p99 {r['latenessP99Ms']:.2f} ms, max {r['latenessMaxMs']:.2f} ms; {r['late']} over 10 ms; "
      f"not replayed {skipped}; {errors} errors; prepared {r['preparation']['objects']} objects")
for p in problems:
    print("  " + p)
sys.exit(1 if problems else 0)
PY
done
if [ $status != 0 ]; then
  for speed in 1 4; do echo "---- replay at $speed"; tail -40 "$work/replay-$speed.log"; done
  echo "$check: FAILED"
  exit 1
fi
echo "$check: OK"
