#!/usr/bin/env bash
# The operations production workloads lean on, against real S3 implementations (docs/compatibility.md,
# "Operations"): moto's server, the Versity S3 Gateway and MinIO (lib/servers.sh: each from its package registry,
# MinIO built with go install when there is no binary), with the lean http client and the CRT client:
#  - conditional writes: 16 workers PUT one key with If-None-Match: * — exactly one kept, 15 refused with 412, and
#    the key holds the winner's bytes; the same with multipart uploads (the condition on the completion); an
#    If-Match commit loop (8 workers, 4 keys) with no lost update and every key holding its last kept write;
#  - a batched delete (DeleteObjects of 100 keys an operation, the items the keys removed), a mix with LIST and
#    COPY, parts measured one by one, appends (x-amz-write-offset-bytes);
#  - object lock in a bucket created with it: governance retention, a legal hold, a short compliance retention,
#    and a complete cleanup of them all (nothing left, versions included);
#  - keys spread over three buckets (buckets: 3, createBucket: true), one of them already there with an object that
#    is not the run's: per-bucket cells that add up, the two buckets the run created removed, the third as it was;
#  - a history (kind: history) of 10,000 operations over 8 keys at 16 workers, http client: linearizable, or the
#    classes of anomaly its check named.
# What each server did is classified, printed as the table, and compared with the table in docs/compatibility.md:
# a difference fails the check, so the page stays true (a cell "A; sometimes B" is a race in the server: A or B
# passes, nothing else). A server that cannot be installed is SKIPPED with the reason.
#   src/e2e/operations.sh                    (needs the jar: run after ./mvnw verify, or let the launcher build it)
#   OPERATIONS_SERVERS=moto src/e2e/operations.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e operations"
work=$(mktemp -d)
. "$root/src/e2e/lib/servers.sh"
trap 'stop_servers; rm -rf "$work"' EXIT
export AWS_ACCESS_KEY_ID=compat-key AWS_SECRET_ACCESS_KEY=compat-secret-key AWS_REGION=us-east-1

cat >"$work/operations.yaml" <<'YAML'
bucket: ops
endpoints:
  s3: {url: "http://127.0.0.1:1"}
stages:
  - {name: race, kind: put, size: 64KiB, objects: 1, operations: 16, concurrency: 16, sharedKeys: true,
     conditional: ifNoneMatch}
  - {name: race-read, kind: get, from: race, operations: 4, verify: true}
  - {name: race-multipart, kind: put, size: 11MiB, objects: 1, operations: 8, concurrency: 8, sharedKeys: true,
     conditional: ifNoneMatch, multipart: {threshold: 6MiB, partSize: 5MiB}}
  - {name: commit-loop, kind: put, size: 16KiB, objects: 4, operations: 200, concurrency: 8, sharedKeys: true,
     conditional: ifMatch}
  - {name: commit-read, kind: get, from: commit-loop, operations: 8, verify: true}
  - {name: parts, kind: put, size: 12MiB, objects: 2, concurrency: 1,
     multipart: {threshold: 6MiB, partSize: 5MiB, parallel: 3, measureParts: true}}
  - {name: many, kind: put, size: 1KiB, objects: 300, concurrency: 8}
  - {name: batch-delete, kind: delete, from: many, batch: 100, concurrency: 2}
  - {name: mix, kind: mix, size: 8KiB, objects: 50, operations: 300, concurrency: 4,
     ops: {get: 30, put: 20, list: 20, copy: 20, delete: 10}}
  - {name: append, kind: append, append: 16KiB, objects: 4, operations: 40, concurrency: 4}
YAML
cat >"$work/lock.yaml" <<'YAML'
bucket: locked
endpoints:
  s3: {url: "http://127.0.0.1:1"}
stages:
  - {name: governance, kind: put, size: 16KiB, objects: 20, concurrency: 4, retention: {mode: governance, for: 1h}}
  - {name: governance-read, kind: get, from: governance, operations: 20, verify: true}
  - {name: legal-hold, kind: put, size: 16KiB, objects: 20, concurrency: 4, legalHold: true}
  - {name: compliance, kind: put, size: 16KiB, objects: 5, concurrency: 4, retention: {mode: compliance, for: 3s}}
YAML

# a history of 10,000 operations over 8 keys at 16 workers, checked for linearizability (docs/consistency.md)
cat >"$work/history.yaml" <<'YAML'
bucket: ops
endpoints:
  s3: {url: "http://127.0.0.1:1"}
stages:
  - {name: history, kind: history, concurrency: 16, keys: 8, operations: 10000}
YAML

# history_class SUMMARY: "linearizable", "unknown" or "anomalies: CLASS, ..." (docs/consistency.md), from a history run
history_class() {
  python3 - "$1" <<'PY'
import json, sys
try:
    h = json.load(open(sys.argv[1]))['stages'][0]['history']
except Exception as e:
    print(f"no history ({type(e).__name__})"); sys.exit()
if h['operations'] < 9000:
    print(f"only {h['operations']} operations recorded"); sys.exit()
print({'ok': 'linearizable', 'unknown': 'unknown'}.get(h['verdict'])
      or 'anomalies: ' + ', '.join(a['label'] for a in h['anomalies']))
PY
}

# buckets.yaml BASE: three buckets, BASE-2 already there (with an object that is not the run's)
buckets_workload() {
  cat <<YAML
bucket: $1
buckets: 3
createBucket: true
endpoints:
  s3: {url: "http://127.0.0.1:1"}
stages:
  - {name: put, kind: put, size: 4KiB, objects: 90, concurrency: 6}
  - {name: get, kind: get, from: put, operations: 90, verify: true}
  - {name: copy, kind: copy, from: put, operations: 30}
  - {name: delete, kind: delete, from: put, batch: 40}
YAML
}

# buckets_state URL BASE: "BASE-1 BASE-2 BASE-3" as exists/gone, and the objects in BASE-2
buckets_state() {
  python3 - "$1" "$2" <<'PY'
import boto3, sys
s3 = boto3.client('s3', endpoint_url=sys.argv[1], aws_access_key_id='compat-key', aws_secret_access_key='compat-secret-key',
                  region_name='us-east-1')
def exists(b):
    try:
        s3.head_bucket(Bucket=b); return 'exists'
    except Exception:
        return 'gone'
base = sys.argv[2]
keys = [o['Key'] for o in s3.list_objects_v2(Bucket=f'{base}-2').get('Contents', [])] if exists(f'{base}-2') == 'exists' else []
print(' '.join(exists(f'{base}-{i}') for i in (1, 2, 3)), ','.join(keys))
PY
}

# classify SERVER CLIENT: what the runs in $work/SERVER-CLIENT-{operations,lock} show, one "row<TAB>class" a line
classify() {
  python3 - "$work/$1-$2" <<'PY'
import json, re, sys
base = sys.argv[1]
def load(name):
    log = open(f"{base}-{name}.log").read()
    try:
        summary = json.load(open(f"{base}-{name}/summary.json"))
    except Exception as e:
        summary = {'stages': [], 'cleanup': {}, 'failed': f"no summary ({e.__class__.__name__}): {log[-300:]}"}
    summaries.append(summary)
    return log, summary
def cells(summary, stage):
    return [c for s in summary['stages'] if s['name'] == stage for c in s.get('cells', [])]
def errors(summary, stage):
    out = {}
    for c in cells(summary, stage):
        for k, v in (c.get('errorsByClass') or {}).items():
            out[k] = out.get(k, 0) + v
    return out
def note(log, stage):
    m = re.search(rf"^  {re.escape(stage)}: (conditional PUTs|\d+ objects created).*$", log, re.M)
    return m.group(0) if m else ''
def clean(summary):
    c = summary.get('cleanup', {})
    return not (c.get('leftBehind', 0) or c.get('exact') is False or c.get('errors'))
said = open(f"{base}.said", 'a')
def refusal(errs):
    """The class of a refusal (what the page's table names), the store's own words kept for the failure's report."""
    for k in sorted(errs):
        if k not in spoken:
            spoken.add(k)
            words = next((c['errorMessages'][k] for s in summaries for st in s['stages'] for c in st.get('cells', [])
                          if k in (c.get('errorMessages') or {})), 'no message kept')
            said.write(f"  {base.rsplit('/', 1)[-1]}: {k} ({errs[k]}x): {words}\n")
    return 'refused: ' + ', '.join(sorted(errs))
spoken, summaries = set(), []

rows = []
log, s = load('operations')
if 'failed' in s:
    print(f"run\t{s['failed']}"); sys.exit(0)
for stage, racers in (('race', 16), ('race-multipart', 8)):
    n = note(log, stage)
    m = re.search(r'(\d+) kept, (\d+) refused', n)
    kept, refused = (int(m.group(1)), int(m.group(2))) if m else (-1, -1)
    read_ok = re.search(r'(each|it) holds the bytes of the write the store kept', n) is not None
    extra = {k: v for k, v in errors(s, stage).items() if not k.startswith('HTTP 412')}
    if extra:
        rows.append((stage, refusal(extra)))
    elif kept == 1 and refused == racers - 1 and read_ok:
        rows.append((stage, f"1 kept, {racers - 1} refused (412)"))
    else:
        rows.append((stage, f"more than one kept: not checked as one step" if kept > 1 else f"unexpected: {n}"))
n = note(log, 'commit-loop')
extra = {k: v for k, v in errors(s, 'commit-loop').items() if not k.startswith('HTTP 412')}
if extra:
    rows.append(('commit-loop', refusal(extra)))
elif 'lost updates' in n:
    rows.append(('commit-loop', 'lost updates'))
elif re.search(r'(each|it) holds the bytes', n) and not errors(s, 'commit-read'):
    rows.append(('commit-loop', 'checked, no lost update'))
else:
    rows.append(('commit-loop', f"unexpected: {n}"))
d = [c for c in cells(s, 'batch-delete') if c['op'] == 'DELETE']
e = errors(s, 'batch-delete')
rows.append(('batch-delete', refusal(e) if e else 'ok' if d and d[0]['operations'] == 3 and d[0]['items'] == 300
             else f"unexpected: {d}"))
mix = {c['op']: c for c in cells(s, 'mix')}
e = {k: v for op in ('LIST', 'COPY') for k, v in (mix.get(op, {}).get('errorsByClass') or {}).items()}
rows.append(('mix-list-copy', refusal(e) if e else 'ok' if mix.get('LIST', {}).get('operations', 0) > 0
             and mix.get('COPY', {}).get('operations', 0) > 0 else 'unexpected'))
parts = {c['op']: c for c in cells(s, 'parts')}
e = errors(s, 'parts')
rows.append(('measure-parts', refusal(e) if e else 'ok' if parts.get('UPLOAD_PART', {}).get('operations') == 6
             and parts['UPLOAD_PART']['bytes'] == parts['PUT']['bytes'] else f"unexpected: {list(parts)}"))
n = note(log, 'append')
e = errors(s, 'append')
rows.append(('append', refusal(e) if e else 'appends' if 'each as long as what was written' in n
             else 'ignored: overwrites' if 'ignored' in n else f"unexpected: {n}"))
rows.append(('cleanup', 'complete' if clean(s) else f"incomplete: {s.get('cleanup')}"))

log, s = load('buckets')
problems = []
for stage, op in (('put', 'PUT'), ('get', 'GET'), ('copy', 'COPY')):
    cs = [c for c in cells(s, stage) if c['op'] == op]
    if errors(s, stage):
        problems.append(refusal(errors(s, stage)))
    elif len(cs) != 4 or sum(c['operations'] for c in cs[:3]) != cs[3]['operations'] \
            or any(c['operations'] == 0 for c in cs[:3]):
        problems.append(f"{stage}: per-bucket cells {[c['operations'] for c in cs]}")
state = open(f"{base}-buckets.state").read().split()
if state[:3] != ['gone', 'exists', 'gone'] or state[3:] != ['theirs/keep-me']:
    problems.append(f"buckets after the run: {' '.join(state)}")
if not clean(s):
    problems.append('cleanup incomplete')
rows.append(('buckets', '; '.join(problems) if problems else 'ok'))

log, s = load('lock')
if 'failed' in s:
    rows.append(('object-lock', s['failed']))
else:
    for stage in ('governance', 'legal-hold', 'compliance'):
        e = errors(s, stage)
        rows.append((stage, refusal(e) if e else 'ok'))
    rows.append(('governance-read', refusal(errors(s, 'governance-read')) if errors(s, 'governance-read') else 'ok'))
    rows.append(('lock-cleanup', 'complete' if clean(s) else 'incomplete: ' + '; '.join(
        (s.get('cleanup', {}).get('errors') or [])[:2])))
for row, cls in rows:
    print(f"{row}\t{cls}")
PY
}

# left SERVER_URL BUCKET: objects and versions left in BUCKET (all runs' prefixes are the runs' own)
left() {
  python3 - "$1" "$2" <<'PY'
import boto3, sys
s3 = boto3.client('s3', endpoint_url=sys.argv[1], aws_access_key_id='compat-key', aws_secret_access_key='compat-secret-key',
                  region_name='us-east-1')
try:
    r = s3.list_object_versions(Bucket=sys.argv[2])
    print(len(r.get('Versions', [])) + len(r.get('DeleteMarkers', [])))
except Exception:
    print(len(s3.list_objects_v2(Bucket=sys.argv[2]).get('Contents', [])))
PY
}

servers=(${OPERATIONS_SERVERS:-moto versitygw minio})
clients=(http crt)
measured="$work/measured.tsv"
: >"$measured"
ran=()
for server in "${servers[@]}"; do
  if ! url=$(start_$server); then
    echo "$check: $server SKIPPED: $url"
    continue
  fi
  make_bucket "$url" ops
  make_bucket "$url" locked lock
  for client in "${clients[@]}"; do
    base="spread-$client"
    make_bucket "$url" "$base-2"
    python3 -c "import boto3, sys; boto3.client('s3', endpoint_url=sys.argv[1], aws_access_key_id='compat-key',
      aws_secret_access_key='compat-secret-key', region_name='us-east-1').put_object(Bucket=sys.argv[2] + '-2',
      Key='theirs/keep-me', Body=b'not the run')" "$url" "$base"
    buckets_workload "$base" >"$work/buckets.yaml"
    for name in operations lock buckets; do
      "$root/s3workload" run "$work/$name.yaml" --endpoint "$url" --set "defaults.client=$client" --no-progress \
        --report console,json --out "$work/$server-$client-$name" >"$work/$server-$client-$name.log" 2>&1 || true
    done
    buckets_state "$url" "$base" >"$work/$server-$client-buckets.state"
    classify "$server" "$client" | sed "s/^/$server\t$client\t/" >>"$measured"
  done
  "$root/s3workload" run "$work/history.yaml" --endpoint "$url" --no-progress --report console,json \
    --out "$work/$server-history" >"$work/$server-history.log" 2>&1 || true
  printf '%s\t%s\t%s\t%s\n' "$server" all history "$(history_class "$work/$server-history/summary.json")" >>"$measured"
  for bucket in ops locked; do
    n=$(left "$url" "$bucket")
    printf '%s\t%s\t%s\t%s\n' "$server" all "left-in-$bucket" "$([ "$n" = 0 ] && echo none || echo "$n objects or versions")" >>"$measured"
  done
  ran+=("$server")
done
[ ${#ran[@]} = 0 ] && { echo "$check: SKIPPED: no server could be started"; exit 0; }

# the measured table (clients that agree in one cell) against docs/compatibility.md's
status=0
python3 - "$measured" "$root/docs/compatibility.md" "${ran[@]}" <<'PY' || status=$?
import re, sys
measured, doc, ran = sys.argv[1], sys.argv[2], sys.argv[3:]
names = {'moto': 'moto', 'versitygw': 'versitygw', 'minio': 'MinIO'}
got = {}
for line in open(measured):
    server, client, row, cls = line.rstrip('\n').split('\t')
    got.setdefault((row, server), {})[client] = cls
rows = list(dict.fromkeys(r for r, _ in got))
def agrees(have, alternatives):
    """Whether a measured cell is one the page allows: one of its alternatives, or (a history's) anomalies that are
    some of the classes one alternative names — which of a racy store's anomalies a run catches is itself a race."""
    if have in alternatives:
        return True
    classes = lambda c: set(c[len('anomalies: '):].split(', ')) if c.startswith('anomalies: ') else None
    return classes(have) is not None and any(classes(a) is not None and classes(have) <= classes(a)
                                             for a in alternatives)
def cell(row, server):
    by = got.get((row, server), {})
    classes = set(by.values())
    return classes.pop() if len(classes) == 1 else '; '.join(f"{c}: {v}" for c, v in sorted(by.items()))
text = open(doc).read().split('## Operations', 1)
table = {}
if len(text) > 1:
    lines = [l for l in text[1].split('\n## ', 1)[0].splitlines() if l.startswith('| `')]
    header = [h.strip() for h in text[1].split('\n| operation', 1)[1].split('\n', 1)[0].strip('|').split('|')] \
        if '\n| operation' in text[1] else []
    for l in lines:
        parts = [p.strip() for p in l.strip().strip('|').split('|')]
        row = parts[0].strip('`')
        for server, value in zip(header[1:], parts[1:]):
            table[(row, server)] = value
failed = []
print(f"{'operation':<18}" + ''.join(f"{names[s]:<44}" for s in ran))
for row in rows:
    print(f"{row:<18}" + ''.join(f"{cell(row, s):<44}" for s in ran))
    for s in ran:
        want = table.get((row, names[s]))
        have = cell(row, s)
        if want is None:
            failed.append(f"{row} on {names[s]}: measured '{have}', not in docs/compatibility.md's Operations table")
        # each client's run judged by itself: where the store races ("A; sometimes B"), two runs may land apart
        elif not all(agrees(v, want.split('; sometimes ')) for v in got.get((row, s), {}).values()):
            failed.append(f"{row} on {names[s]}: measured '{have}', docs/compatibility.md says '{want}'")
open(measured + '.failed', 'w').write(''.join(f"  {f}\n" for f in failed))
sys.exit(1 if failed else 0)
PY
if [ $status != 0 ]; then
  for log in "$work"/*.log; do case "$log" in *-operations.log|*-lock.log|*-history.log) echo "---- $log"; tail -12 "$log";; esac; done
  # what the stores said when they refused, and the tracebacks a server wrote (moto logs its HTTP 500s' causes)
  echo "---- what the servers said"
  cat "$work"/*.said 2>/dev/null || true
  for server in "${ran[@]}"; do
    grep -q Traceback "$work/$server.log" 2>/dev/null || continue
    echo "---- $work/$server.log: its last traceback"
    awk '/^Traceback/ { t = "" } /^Traceback/, /^[A-Za-z_.]+(Error|Exception)/ { t = t $0 "\n" } END { printf "%s", t }' \
      "$work/$server.log" | tail -30
  done
  # the differences last, where a CI log's tail shows them
  echo "---- differences from docs/compatibility.md"
  cat "$measured.failed"
  echo "$check: FAILED"
  exit 1
fi
echo "$check: OK"
