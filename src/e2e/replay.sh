#!/usr/bin/env bash
# A real trace replayed (docs/replay.md): a workload runs against MinIO with MinIO's audit log sent to a small
# receiver (its audit webhook, MINIO_AUDIT_WEBHOOK_*), then that audit log is replayed against a second MinIO at
# speed 1 and at speed 4. Checked: every operation the audit log recorded, counted per S3 API by this script from
# the log itself, is replayed (the replay's cells, ok and errors, per API), the fidelity table's recorded and
# replayed mix agree row by row, nothing is left unissued, the late starts and the capped ones add up (the stage's
# count, the mixed cell's and the per-API cells' sum), and operations start on time at speed 1: half of them within
# 1 ms of their time (the clock itself: a replay that drifted or napped coarsely fails this) and 95% within 10 ms (what
# the machine allowed: in one CI run, its MinIO taking 286 ms at p50 for a PUT, 1.5% of them started 10-47 ms late,
# all PUTs, p99 15.6 ms; here p99 is 1-4 ms, also with the replay and MinIO on one core beside a busy loop). The
# clock at speed 4 is judged from the two replays' ops logs, exactly: each operation's intended start, from the
# first, at speed 4 is its intended start at speed 1 divided by 4 (to the microsecond), and the log's lateness
# (start_us - intended_us) is the one the stage reports. How late operations started at speed 4 (400 operations a
# second, 50 MiB/s of writes) depends on the machine: MinIO and the replay's JVM fill two cores there, p99 ran 4.6-35
# ms over 22 runs on one machine and 1.3 s at most on a slower one (where MinIO's PUTs took 1.9 s at p50 and the 256
# workers were all busy). So at speed 4 the check is only that no operation started later than half of what playing at
# speed 1 would have made the last one (3.7 s of the 9.8 s trace): the clock ran over 1.6 times as fast.
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
recorded, others = {}, {}
for line in open(audit):
    name = json.loads(line).get('api', {}).get('name')
    if not name:
        continue
    if name in cell:
        recorded[cell[name]] = recorded.get(cell[name], 0) + 1
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
# played at speed 1, the last operation would start span * (1 - 1/speed) late: half of that at most
bound = r['traceSeconds'] * 1000 * (1 - 1 / float(speed)) / 2
if speed != '1' and r['latenessMaxMs'] >= bound:
    problems.append(f"lateness max {r['latenessMaxMs']:.2f} ms: the clock did not keep speed {speed} "
                    f"({bound:.0f} ms at most)")
try:
    rows = [row for row in csv.DictReader(open(ops)) if row['stage'] == 'replay' and row['own'] == '']
except Exception as e:
    rows = []
    problems.append(f"the ops log: {type(e).__name__}: {e}")
lates = sorted((int(row['start_us']) - int(row['intended_us'])) / 1000 for row in rows)
log_late = lates[-1] if lates else -0.001
# on time at speed 1: half within 1 ms (the clock itself) and 95% within 10 ms (what the machine allowed)
p95 = lates[int(0.95 * (len(lates) - 1))] if lates else 0
if speed == '1' and (r['latenessP50Ms'] >= 1 or p95 >= 10):
    problems.append(f"lateness p50 {r['latenessP50Ms']:.2f} ms, p95 {p95:.2f} ms (1 and 10 ms at most at speed 1)")
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
errors = sum(c['errors'] for c in stage['cells'] if c['op'] == 'MIX')
print(f"speed {speed}: {r['issued']} of {r['played']} issued over {r['traceSeconds']:.1f} s recorded; per API "
      f"{replayed}; late p50 {r['latenessP50Ms']:.2f} ms, p95 {p95:.2f} ms, p99 {r['latenessP99Ms']:.2f} ms, max "
      f"{r['latenessMaxMs']:.2f} ms; {r['late']} over 10 ms; not replayed {skipped}; {errors} errors; prepared "
      f"{r['preparation']['objects']} objects")
for p in problems:
    print("  " + p)
sys.exit(1 if problems else 0)
PY
done
# the clock, exactly: at speed 4 every operation is due at a quarter of its time from the first at speed 1
python3 - "$work/ops-1.csv" "$work/ops-4.csv" <<'PY' || status=1
import csv, sys
def due(path):
    try:
        t = sorted(int(r['intended_us']) for r in csv.DictReader(open(path)) if r['stage'] == 'replay' and r['own'] == '')
    except Exception as e:
        return []
    return [x - t[0] for x in t]
one, four = due(sys.argv[1]), due(sys.argv[2])
off = max((abs(b - a / 4) for a, b in zip(one, four)), default=None)
if not one or len(one) != len(four) or off > 3:
    print(f"the clock at speed 4: {len(four)} operations due against {len(one)} at speed 1, "
          f"{off} µs from a quarter of speed 1's times at most (3 µs allowed)")
    sys.exit(1)
print(f"the clock: {len(four)} operations due over {four[-1] / 1e6:.3f} s at speed 4, {one[-1] / 1e6:.3f} s at "
      f"speed 1; each within {off:.1f} µs of a quarter of its time at speed 1")
PY
if [ $status != 0 ]; then
  for speed in 1 4; do echo "---- replay at $speed"; tail -40 "$work/replay-$speed.log"; done
  echo "$check: FAILED"
  exit 1
fi
echo "$check: OK"
