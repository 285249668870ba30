#!/usr/bin/env bash
# The fleet under a real Slurm: a one-node cluster (Debian's slurmctld, slurmd and munge; 8 CPUs declared) on
# 127.0.0.1, the shipped array script (src/deploy/slurm/s3workload-array.sh) submitted as docs/distributed.md
# says, against a real MinIO, each task serving /metrics and writing its scrape target for a real Prometheus's
# file-based service discovery. Asserts:
#  - every shard began its first stage within 1 s after the start time (from its summary.json); a shard that was
#    ready only after it (a busy machine: its JVM and bucket check took longer than the 15 s lead) says by how much
#    in its log and is judged from then;
#  - the merged PUT and GET counts are the shards' sums and what MinIO counted (its metrics v3);
#  - nothing is left in the bucket: each shard cleaned its prefix;
#  - the Grafana dashboard's queries give the fleet's total and a series per shard, which add up to it; every
#    counter Prometheus scraped during the GET stage is a count its shard recorded by one of its seconds; each
#    shard's ops log holds as many GET rows as its counter ended at, and the merged log as many as Prometheus's
#    fleet total and the merged summary: counts, compared exactly (the rates are printed, not judged: a scrape's
#    clock and a shard's differ by when the scrape came, more on a busy machine). Skipped, saying so, without
#    Prometheus;
#  - a task cancelled with scancel mid-run stops, cleans its prefix (or names what is left in its manifest), writes
#    its results, and merge names it as stopped.
# Installs the packages when it can (root and apt-get); says SKIPPED and why where it cannot, or where no MinIO can
# be had (lib/servers.sh). About a minute.
#   src/e2e/slurm.sh        (needs the jar: run after ./mvnw verify, or let the launcher build it)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e slurm"
. "$root/src/e2e/lib/packages.sh"
for pkg in "munge munged" "slurmctld slurmctld" "slurmd slurmd" "slurm-client sbatch" "zstd zstd"; do
  # shellcheck disable=SC2086
  need_package $pkg "$check" || exit 0
done
work=$(mktemp -d)
. "$root/src/e2e/lib/servers.sh"
need_minio || { rm -rf "$work"; exit 0; }
python3 -c 'import boto3' 2>/dev/null || python3 -m pip install -q boto3 >/dev/null 2>&1 || true
export SLURM_CONF=$work/slurm/slurm.conf
started_munged=0
prometheus_pid=
finish() {
  scancel --quiet --user root 2>/dev/null || true
  for daemon in slurmd slurmctld; do
    [ -f "$work/slurm/$daemon.pid" ] && kill "$(cat "$work/slurm/$daemon.pid")" 2>/dev/null || true
  done
  [ $started_munged = 1 ] && pkill -u munge -x munged 2>/dev/null || true
  [ -n "$prometheus_pid" ] && kill "$prometheus_pid" 2>/dev/null || true
  stop_servers
  sleep 0.5
  rm -rf "$work"
}
trap finish EXIT

# --- the cluster: one node, this machine, on 127.0.0.1 ---
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  [ -s /etc/munge/munge.key ] || { mkdir -p /etc/munge; dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; }
  chown munge:munge /etc/munge /etc/munge/munge.key 2>/dev/null || true
  chmod 0400 /etc/munge/munge.key
  mkdir -p /run/munge /var/lib/munge /var/log/munge && chown munge:munge /run/munge /var/lib/munge /var/log/munge
  runuser -u munge -- /usr/sbin/munged && started_munged=1
  for _ in $(seq 1 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
fi
munge -n | unmunge >/dev/null 2>&1 || { echo "$check: FAILED: munged does not answer"; exit 1; }
node=$(hostname -s)
ctld_port=$(free_port)
slurmd_port=$(free_port)
mkdir -p "$work/slurm/state" "$work/slurm/spool" "$work/submit"
cat >"$SLURM_CONF" <<CONF
ClusterName=s3w-e2e
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/slurm/state
SlurmdSpoolDir=$work/slurm/spool
SlurmctldPidFile=$work/slurm/slurmctld.pid
SlurmdPidFile=$work/slurm/slurmd.pid
SlurmctldLogFile=$work/slurm/slurmctld.log
SlurmdLogFile=$work/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=8 RealMemory=4000 State=UNKNOWN
PartitionName=e2e Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
slurmctld && slurmd -N "$node"
for _ in $(seq 1 100); do sinfo -h -o %T 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %T 2>/dev/null | grep -q idle || { echo "$check: FAILED: the node did not come up"; sinfo; tail -5 "$work/slurm/"*.log; exit 1; }
slurm_version=$(sinfo -V | awk '{print $2}')

# --- the store and the workload ---
url=$(start_minio) || { echo "$check: SKIPPED: $url"; exit 0; }
make_bucket "$url" fleet
cat >"$work/submit/fleet.yaml" <<YAML
name: slurm-fleet
bucket: fleet
endpoints:
  minio: {url: "$url", credentials: {accessKey: compat-key, secretKey: compat-secret-key}}
stages:
  - {name: put, kind: put, size: 4KiB, duration: 3s, concurrency: 8}
  - {name: get, kind: get, from: put, duration: 12s, concurrency: 8}
YAML
sed -e 's/duration: 12s/duration: 60s/' -e 's/name: slurm-fleet/name: slurm-cancel/' "$work/submit/fleet.yaml" \
  >"$work/submit/cancel.yaml"
# count_requests API: what MinIO counted of API (its metrics v3)
count_requests() {
  curl -sf "$url/minio/metrics/v3/api/requests" | python3 -c '
import re, sys
total = 0
for line in sys.stdin:
    if line.startswith("minio_api_requests_total{") and "name=\"" + sys.argv[1] + "\"" in line:
        total += float(line.rsplit(" ", 1)[1])
print(int(total))' "$1"
}
# objects_left PREFIX: the number of objects in the bucket under PREFIX
objects_left() {
  python3 - "$url" "$1" <<'PY'
import boto3, sys
s3 = boto3.client('s3', endpoint_url=sys.argv[1], aws_access_key_id='compat-key',
                  aws_secret_access_key='compat-secret-key', region_name='us-east-1')
print(sum(p.get('KeyCount', 0) for p in s3.get_paginator('list_objects_v2').paginate(Bucket='fleet', Prefix=sys.argv[2])))
PY
}
puts_before=$(count_requests PutObject)
gets_before=$(count_requests GetObject)

# --- Prometheus: the array's targets by file-based service discovery ---
# one port a task (METRICS_PORT + its index), none of them in the ephemeral range the shards' connections draw from
metrics_port=$(free_port_block 4)
prometheus_port=$(free_port)
if need_package prometheus prometheus "$check (fleet view)"; then
  # the shipped configuration, pointed at this submit directory
  sed -e "s|/shared/benchmarks/results/targets|$work/submit/results/targets|" \
    "$root/src/deploy/prometheus/slurm.yml" >"$work/prometheus.yml"
  prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/prometheus" \
    --web.listen-address="127.0.0.1:$prometheus_port" >"$work/prometheus.log" 2>&1 &
  prometheus_pid=$!
  for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$prometheus_port/-/ready" >/dev/null && break; sleep 0.5; done
  curl -sf "http://127.0.0.1:$prometheus_port/-/ready" >/dev/null \
    || { tail -5 "$work/prometheus.log"; echo "$check: FAILED: Prometheus did not start"; exit 1; }
fi

# --- the array, as docs/distributed.md submits it; on one node: a CPU a task and the node shared ---
cd "$work/submit"
start_at=$(date -u -d '+15 sec' +%FT%TZ)
# REPORTS has commas, which --export splits on: it goes in the environment --export=ALL passes whole
job=$(REPORTS=console,json,hdr,ops sbatch --parsable --array=0-3 --cpus-per-task=1 --oversubscribe \
  --export=ALL,WORKLOAD=$PWD/fleet.yaml,START_AT=$start_at,S3WORKLOAD=$root/s3workload,METRICS_PORT=$metrics_port,METRICS_HOST=127.0.0.1 \
  "$root/src/deploy/slurm/s3workload-array.sh")
echo "$check: sbatch --array=0-3 ... s3workload-array.sh: job $job, start at $start_at"
run_id=slurm-$job
# wait_job JOB SECONDS: until no task of JOB is queued or running
wait_job() {
  for _ in $(seq 1 $(($2 * 2))); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.5
  done
  echo "$check: FAILED: job $1 still runs after $2 s"; squeue; tail -20 s3workload-"$1"_*.log; exit 1
}
dashboard_ok=skipped
if [ -n "$prometheus_pid" ]; then
  # the dashboard while the four shards run: from 9 s into the GET stage as planned, asked again every 2 s until
  # every query has the fleet's data or the job has ended (a busy machine starts the shards late)
  wait_s=$(( $(date -d "$start_at" +%s) + 12 - $(date +%s) ))
  [ "$wait_s" -gt 0 ] && sleep "$wait_s"
  dashboard_ok=failed
  for _ in $(seq 1 150); do # 5 min at the most: the job itself ends long before
    if dashboard=$(python3 "$root/src/e2e/lib/check_dashboard.py" "$root/src/deploy/grafana/s3workload-dashboard.json" \
        "http://127.0.0.1:$prometheus_port" 2>&1); then
      dashboard_ok=ok
      break
    fi
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 2
  done
  [ "$dashboard_ok" = ok ] || { echo "$dashboard"; echo "$check: FAILED: the dashboard's queries on the fleet"; exit 1; }
fi
wait_job "$job" 300
failed=0
for i in 0 1 2 3; do
  grep -q "SUMMARY  run " "s3workload-${job}_$i.log" || { echo "task $i:"; tail -20 "s3workload-${job}_$i.log"; failed=1; }
done
[ $failed = 0 ] || { echo "$check: FAILED: a task did not finish its run"; exit 1; }
"$root/s3workload" merge results/"$run_id"/shard-* --out merged >merge.log 2>&1 || { cat merge.log; echo "$check: FAILED: merge"; exit 1; }
puts=$(( $(count_requests PutObject) - puts_before ))
gets=$(( $(count_requests GetObject) - gets_before ))
left=$(objects_left "")
verdict=$(python3 - "$run_id" "$start_at" "$puts" "$gets" "$left" "$job" <<'PY'
import glob, json, re, sys
from datetime import datetime
run_id, start_at, puts, gets, left = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
job = sys.argv[6]
def t(s): return datetime.fromisoformat(s.replace('Z', '+00:00'))
shards = [json.load(open(f)) for f in sorted(glob.glob(f'results/{run_id}/shard-*/summary.json'))]
merged = json.load(open('merged/summary.json'))
problems = []
if len(shards) != 4: problems.append(f'{len(shards)} shards wrote summary.json, not 4')
late = [(t(s['run']['startedAt']) - t(start_at)).total_seconds() for s in shards]
def seconds(text):
    return sum(float(n) * {'h': 3600, 'm': 60, 's': 1, 'ms': 0.001}[u] for n, u in re.findall(r'([\d.]+)(ms|h|m|s)', text))
# a shard ready only after the start time (its JVM and bucket check slower than the lead, on a busy machine) says by
# how much it was late and begins at once: it is judged from then; every other shard within 1 s of the start time
ready_late = []
for i, l in enumerate(late):
    said = re.search(r'the start time \S+ has passed (\S+) ago', open(f's3workload-{job}_{i}.log').read())
    behind = seconds(said.group(1)) if said else 0.0
    if said:
        ready_late.append(f'shard {i} was ready {behind:.1f} s after the start time (its note, to 0.1 s) and began'
                          f' {l:.3f} s after it')
    if l < 0 or l - behind > 1:
        problems.append(f'shard {i} began {l:.3f} s after the start time' + (f' ({behind:.1f} s late when ready)'
                                                                            if said else ''))
if any(s['run'].get('startAt') != start_at for s in shards):
    problems.append('a shard does not record the start time: ' + str([s['run'].get('startAt') for s in shards]))
ops = lambda doc, stage: doc['stages'][stage]['cells'][0]['operations']
for stage, name, server in ((0, 'PUT', puts), (1, 'GET', gets)):
    total = sum(ops(s, stage) for s in shards)
    if ops(merged, stage) != total or total != server:
        problems.append(f'{name}: merged {ops(merged, stage)}, shards {total}, MinIO {server}')
if left: problems.append(f'{left} objects left in the bucket')
print('; '.join(problems) if problems else
      f'OK: 4 shards began {min(late):.3f}-{max(late):.3f} s after the start time (spread '
      f'{merged["run"]["startSpreadSeconds"]:.3f} s{"; " + "; ".join(ready_late) if ready_late else ""}); '
      f'PUT {ops(merged, 0)} = shards\' sum = MinIO\'s PutObject '
      f'{puts}; GET {ops(merged, 1)} = shards\' sum = MinIO\'s GetObject {gets}; 0 objects left')
PY
)
case $verdict in OK:*) ;; *) cat merge.log; echo "$check: FAILED: $verdict"; exit 1 ;; esac
echo "$check: $(grep -h '^Shards began\|^WARNING' merge.log)"
sed -n '/^stage /,/^$/p' merge.log

fleet="fleet view: SKIPPED (no Prometheus)"
if [ -n "$prometheus_pid" ]; then
  fleet=$(python3 "$root/src/e2e/lib/fleet_view.py" "http://127.0.0.1:$prometheus_port" \
    "$root/src/deploy/grafana/s3workload-dashboard.json" "results/$run_id" merged/summary.json "$run_id" 4) \
    || { echo "$fleet"; echo "$check: FAILED: the fleet view"; exit 1; }
fi

# --- a task cancelled mid-run: it stops, cleans up, reports; merge names it ---
start_at=$(date -u -d '+12 sec' +%FT%TZ)
job2=$(sbatch --parsable --array=0-1 --cpus-per-task=1 --oversubscribe \
  --export=ALL,WORKLOAD=$PWD/cancel.yaml,START_AT=$start_at,S3WORKLOAD=$root/s3workload \
  "$root/src/deploy/slurm/s3workload-array.sh")
# cancelled 2 s into its GET stage (60 s long): waited for as long as a busy machine needs to get there
for _ in $(seq 1 600); do grep -q "^\[2/2\] get" "s3workload-${job2}_1.log" 2>/dev/null && break; sleep 0.5; done
grep -q "^\[2/2\] get" "s3workload-${job2}_1.log" 2>/dev/null \
  || { tail -20 "s3workload-${job2}_1.log"; echo "$check: FAILED: task 1 did not reach its get stage in 300 s"; exit 1; }
sleep 2
cancelled_at=$(date +%s.%N)
scancel "${job2}_1"
for _ in $(seq 1 240); do [ -z "$(squeue -h -j "${job2}_1" 2>/dev/null)" ] && break; sleep 0.5; done
gone=$(python3 -c "import time, sys; print(f'{time.time() - float(sys.argv[1]):.1f}')" "$cancelled_at")
scancel "$job2" 2>/dev/null || true
wait_job "$job2" 180
run2=slurm-$job2
log=s3workload-${job2}_1.log
manifest=$(ls s3workload-cleanup-"$run2"-shard-1.txt 2>/dev/null || true)
left=$(objects_left "s3workload/$run2/shard-1/")
if ! grep -q "SUMMARY  run " "$log" || ! python3 -c "import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))['run']['interrupted'] else 1)" "results/$run2/shard-1/summary.json"; then
  tail -30 "$log"; echo "$check: FAILED: the cancelled task did not report its run as stopped"; exit 1
fi
if [ "$left" != 0 ] && [ -z "$manifest" ]; then
  tail -30 "$log"; echo "$check: FAILED: the cancelled task left $left objects and no manifest"; exit 1
fi
"$root/s3workload" merge results/"$run2"/shard-* --out merged2 >merge2.log 2>&1 && merge2=0 || merge2=$?
if [ "$merge2" != 1 ] || ! grep -q "shard 1  stopped" merge2.log; then
  cat merge2.log; echo "$check: FAILED: merge (exit $merge2) does not name the stopped shard"; exit 1
fi
echo "$check: scancel ${job2}_1 mid-run: the task ended $gone s later; $(grep -h '^Cleanup' "$log" | head -1);" \
  "$( [ -n "$manifest" ] && echo "manifest $manifest" || echo "its prefix empty, no manifest needed"); merge: $(grep -h 'shard 1  stopped' merge2.log | cut -c1-60)..."
echo "$check: OK: Slurm $slurm_version, array of 4 against MinIO; ${verdict#OK: }; $fleet; dashboard: $dashboard_ok"
