#!/usr/bin/env bash
# The store's own view beside the client's, against a real MinIO with its metrics public (docs/reports.md, "The
# store's own view"): the runnable jar scrapes MinIO's metrics v3 (serverMetrics: {preset: minio}) as it runs
#  - a PUT and a GET cell straight to MinIO: MinIO's PutObject/GetObject counts equal the client's within 1% once
#    the window's edges are allowed for (in practice exactly);
#  - the same through a fault front (io.s3workload.testing.FaultFront) that sends every 10th PUT twice, as a
#    retrying proxy would: the 10% disagreement appears and is named;
#  - a GET through the front stalled every 25th time: the cell's slowest operations carry MinIO's own request ids,
#    the ones the front recorded from MinIO's answers to the requests it stalled;
#  - a dead metrics endpoint: a note, the run exits 0.
# MinIO is a `minio` binary on PATH or in GOPATH/bin, or else built from the Go module proxy with go install (a
# pseudo-version, MINIO_MODULE; a few minutes, once per machine); where neither works the check says SKIPPED and why.
#   src/e2e/server-metrics.sh        (needs the jar and the engine's test classes: run after ./mvnw verify)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e server-metrics"
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk >/dev/null || exit 2
work=$(mktemp -d)
. "$root/src/e2e/lib/servers.sh"
need_minio || { rm -rf "$work"; exit 0; }
jar=$root/cli/target/s3workload.jar
classes=$root/engine/target/test-classes:$root/engine/target/classes
if [ ! -f "$jar" ] || [ ! -f "$root/engine/target/test-classes/io/s3workload/testing/FaultFront.class" ]; then
  echo "$check: FAILED: build first (./mvnw verify): need $jar and the engine's test classes"
  exit 1
fi
pids=()
# MinIO (started through lib/servers.sh, in $work/pids) is stopped and waited for before its data directory goes: on
# a loaded machine it was still writing .minio.sys when rm ran, and the failed rm failed the check after its OK
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; stop_servers; rm -rf "$work" || true; }
trap cleanup EXIT
wait_port() { python3 -c "import sys; sys.path.insert(0, \"$root/src/e2e/lib\"); import ports; ports.wait_port($1, \"$check\", 60)"; }

port=$(free_port)
mkdir -p "$work/data"
MINIO_ROOT_USER=metrics-key MINIO_ROOT_PASSWORD=metrics-secret-key MINIO_PROMETHEUS_AUTH_TYPE=public \
  "$minio" server --address "127.0.0.1:$port" "$work/data" >"$work/minio.log" 2>&1 &
pids+=($!)
wait_port "$port"
# the front: every 10th object PUT sent twice, every 25th object GET's answer held 300 ms; the ids of both noted
FAULT_IDS_FILE="$work/ids" "$JAVA_HOME/bin/java" -cp "$classes" io.s3workload.testing.FaultFront \
  "http://127.0.0.1:$port" "$work/front.port" "$work/front.counts" 300ms \
  'PUT,/bench/[^?]+,DUPLICATE,10,10' 'GET,/bench/[^?]+,STALL_HEADERS,25,25' >"$work/front.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do [ -s "$work/front.port" ] && break; sleep 0.1; done
front=$(cat "$work/front.port")
dead=$(free_port)

cat >"$work/w.yaml" <<YAML
endpoints:
  minio:
    url: "http://127.0.0.1:$port"
    credentials: {accessKey: metrics-key, secretKey: metrics-secret-key}
    serverMetrics: {url: "http://127.0.0.1:$port/minio/metrics/v3", preset: minio}
  front:
    url: "http://127.0.0.1:$front"
    credentials: {accessKey: metrics-key, secretKey: metrics-secret-key}
    serverMetrics: {url: "http://127.0.0.1:$port/minio/metrics/v3", preset: minio}
  dead:
    url: "http://127.0.0.1:$port"
    credentials: {accessKey: metrics-key, secretKey: metrics-secret-key}
    serverMetrics: {url: "http://127.0.0.1:$dead/minio/metrics/v3", preset: minio}
bucket: bench
createBucket: true
reports: [console, json, html]
stages:
  - {name: put, kind: put, size: 16KiB, objects: 200, duration: 4s, concurrency: 8, endpoint: minio}
  - {name: get, kind: get, from: put, duration: 4s, concurrency: 8, endpoint: minio}
  - {name: put-retried, kind: put, size: 16KiB, objects: 100, operations: 1000, concurrency: 4, endpoint: front}
  - {name: get-stalled, kind: get, from: put, operations: 500, concurrency: 4, endpoint: front}
  - {name: put-dead, kind: put, size: 16KiB, objects: 20, operations: 100, concurrency: 2, endpoint: dead}
YAML
set +e
"$JAVA_HOME/bin/java" -jar "$jar" run "$work/w.yaml" --no-progress --out "$work/out" >"$work/run.log" 2>&1
code=$?
set -e
sed -n '/^\[1\/5\]/,/^SUMMARY/p' "$work/run.log" | grep -E "^\[|Server|^                 |Slowest" | grep -v "Outages" || true
python3 - "$work" "$code" <<'PY'
import json, sys
work, code = sys.argv[1], int(sys.argv[2])
failed = []
def check(ok, what):
    if not ok:
        failed.append(what)
check(code == 0, f"the run exited {code}, expected 0 (a dead metrics endpoint is a note)")
s = json.load(open(f"{work}/out/summary.json"))
cells = {st["name"]: st["cells"][0] for st in s["stages"] if st["cells"]}
for name in ("put", "get"):
    v = cells[name].get("server") or {}
    ok = v.get("requests") is not None and abs(v["requests"] - v["clientRequests"]) <= max(v["tolerance"], 0.01 * v["clientRequests"])
    check(ok and v.get("agrees") is True, f"{name}: MinIO's count agrees with the client's within 1%: {v.get('sentence')}")
    print(f"{name}: MinIO {v.get('requests')} {'+'.join(v.get('apis', []))}, client {v.get('clientRequests')}, difference {v.get('difference')}")
v = cells["put-retried"].get("server") or {}
check(v.get("agrees") is False and v.get("difference", 0) >= 90 and "more" in v.get("sentence", "")
      and "retries by a proxy" in v.get("sentence", ""), f"put-retried: the duplicated PUTs named: {v.get('sentence')}")
print(f"put-retried: {v.get('sentence')}")
ids = {}
for line in open(f"{work}/ids"):
    method, target, rid = line.split()
    ids.setdefault(method, set()).add(rid)
slowest = cells["get-stalled"].get("slowest") or []
stalled = [r for r in slowest if r["latencyMs"] >= 300]
check(len(stalled) >= 10, f"get-stalled: the 10 slowest are the stalled GETs: {slowest}")
check(all(r.get("requestId") in ids.get("GET", set()) for r in stalled),
      f"get-stalled: the slowest operations carry MinIO's ids of the stalled requests: {[r.get('requestId') for r in stalled]} vs {sorted(ids.get('GET', set()))[:5]}...")
check(all(r.get("id2") for r in stalled), "get-stalled: MinIO's x-amz-id-2 too")
print(f"get-stalled: {len(stalled)} slowest named by MinIO's request ids, e.g. {stalled[0]['requestId'] if stalled else '-'}")
v = cells["put-dead"].get("server") or {}
check(v.get("requests") is None and v.get("failedScrapes", 0) >= 2 and v.get("firstFailure") == "connection refused",
      f"put-dead: a dead metrics endpoint is noted: {v}")
check(cells["put-dead"]["operations"] == 100, "put-dead: the run went on")
print(f"put-dead: {v.get('sentence')}")
if failed:
    print("e2e server-metrics: FAILED:\n  " + "\n  ".join(failed))
    sys.exit(1)
print("e2e server-metrics: OK")
PY
