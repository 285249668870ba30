#!/usr/bin/env bash
# End to end with a real S3 implementation that keeps versions — moto's server (PyPI moto[server]; installed with
# pip when missing) on 127.0.0.1: `kind: versions` with each client writes 4 versions of 30 keys, lists, reads and
# deletes them by version id, all measured, with no error; a readAfterWrite probe with writeWith: version reads
# each new version back by its id; the run's cleanup deletes the versions and delete markers its deletes leave in a
# versioned bucket; no version or delete marker is left behind; against
# a bucket without versioning the stage fails with one error that says so. Says SKIPPED and why when moto cannot
# be installed.
#   src/e2e/versions.sh        (needs the jar: run after ./mvnw verify, or let the launcher build it)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e versions"
if ! python3 -c 'import moto.server, boto3' 2>/dev/null; then
  echo "$check: installing moto[server] with pip"
  python3 -m pip install -q 'moto[server]' >/dev/null 2>&1 || python3 -m pip install -q --user 'moto[server]' >/dev/null 2>&1 || true
fi
if ! python3 -c 'import moto.server, boto3' 2>/dev/null; then
  echo "$check: SKIPPED: moto[server] is not installed and pip could not install it"
  exit 0
fi
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m moto.server -H 127.0.0.1 -p "$port" >"$work/moto.log" 2>&1 &
moto_pid=$!
trap 'kill $moto_pid 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
  sleep 0.1
done
export MOTO_URL="http://127.0.0.1:$port"
python3 - <<'PY'
import boto3, os
s3 = boto3.client('s3', endpoint_url=os.environ['MOTO_URL'], aws_access_key_id='a', aws_secret_access_key='b',
                  region_name='us-east-1')
s3.create_bucket(Bucket='versioned')
s3.put_bucket_versioning(Bucket='versioned', VersioningConfiguration={'Status': 'Enabled'})
s3.create_bucket(Bucket='unversioned')
PY
cat >"$work/versions.yaml" <<YAML
bucket: versioned
endpoints:
  moto: {url: "$MOTO_URL", credentials: {accessKey: a, secretKey: b}}
stages:
  - {name: versions, kind: versions, size: 8KiB, objects: 30, versions: 4, concurrency: 6,
     data: {compressible: 2.0, dedupe: 2.0}}
YAML
for client in http sync crt; do
  "$root/s3workload" run "$work/versions.yaml" --set defaults.client=$client --no-progress --report console,json \
    --out "$work/$client" >"$work/$client.log" 2>&1 || { cat "$work/$client.log"; echo "$check: FAILED ($client)"; exit 1; }
  python3 - "$work/$client/summary.json" "$client" <<'PY'
import json, sys
summary = json.load(open(sys.argv[1]))
cells = summary['stages'][0]['cells']
ops = {c['op']: c for c in cells}
assert list(ops) == ['PUT', 'LIST', 'GET', 'DELETE'], list(ops)
for op, want in (('PUT', 120), ('GET', 120), ('DELETE', 120), ('LIST', 1)):
    c = ops[op]
    assert c['operations'] == want and c['errors'] == 0, (sys.argv[2], op, c['operations'], c['errors'], c['errorsByClass'])
assert ops['LIST']['items'] == 120, ops['LIST']['items']
PY
done
cat >"$work/probe.yaml" <<YAML
bucket: versioned
endpoints:
  moto: {url: "$MOTO_URL", credentials: {accessKey: a, secretKey: b}}
stages:
  - {name: probe, kind: readAfterWrite, writeWith: version, iterations: 12, overwrite: true, concurrency: 3}
  - {name: copies, kind: readAfterWrite, writeWith: copy, iterations: 5}
  - {name: plain, kind: put, size: 4KiB, objects: 20, concurrency: 4}
YAML
"$root/s3workload" run "$work/probe.yaml" --no-progress --report console,json --out "$work/probe" \
  >"$work/probe.log" 2>&1 || { cat "$work/probe.log"; echo "$check: FAILED (readAfterWrite writeWith: version)"; exit 1; }
python3 - "$work/probe/summary.json" <<'PY'
import json, sys
stage = json.load(open(sys.argv[1]))['stages'][0]
pairs = stage['convergence']
assert len(pairs) == 1 and pairs[0]['iterations'] == 12 and pairs[0]['timedOut'] == 0 and pairs[0]['failed'] == 0, pairs
assert all(c['errors'] == 0 for c in stage['cells']), [c['errorsByClass'] for c in stage['cells']]
cleanup = json.load(open(sys.argv[1]))['cleanup']
# current objects: the copy probe's 10, the put's 20, and the version probe's keys (one per worker that wrote,
# 1 to 3); each leaves its versions and a delete marker: 1 + 1 a copy or put object, the version probe's 12
# versions and a marker per key
keys = cleanup['removed'] - 30
assert 1 <= keys <= 3 and cleanup.get('versionsRemoved') == 60 + 12 + keys, cleanup
PY
python3 - <<'PY'
import boto3, os
s3 = boto3.client('s3', endpoint_url=os.environ['MOTO_URL'], aws_access_key_id='a', aws_secret_access_key='b',
                  region_name='us-east-1')
left = s3.list_object_versions(Bucket='versioned')
assert not left.get('Versions') and not left.get('DeleteMarkers'), left
PY
"$root/s3workload" run "$work/versions.yaml" --bucket unversioned --no-progress >"$work/plain.log" 2>&1 || true
grep -q "bucket keeps no versions: 1" "$work/plain.log" || { cat "$work/plain.log"; echo "$check: FAILED (unversioned bucket)"; exit 1; }
echo "$check: OK: moto $(python3 -c 'import moto; print(moto.__version__)'): 4 versions of 30 keys written, listed, read and deleted by id with http, sync and crt, a version probe read back by id, the cleanup removing versions and delete markers, nothing left; an unversioned bucket is one clear error"
