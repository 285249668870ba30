#!/usr/bin/env bash
# The ops log read by the tools docs/ops-log.md names: a quickstart run with --report json,ops, then the DuckDB query
# and the pandas line of docs/ops-log.md, taken from the page and run as written (DuckDB, pandas and zstandard from
# PyPI in a throwaway virtual environment), each row count checked against the run's summary.json; `zstd -d` reads
# the file whole; `analyze --out` writes the log as a run's results whose cells and seconds add up to the run's. Then a run killed with kill -9 in the middle of a GET stage: its log reads whole with `zstd -d`
# and DuckDB, and holds rows of the seconds before the kill. SKIPPED with the reason when PyPI or zstd cannot be had.
#   src/e2e/ops-log.sh          (needs the jar: run after ./mvnw verify, or let the launcher build it)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e ops-log"
. "$root/src/e2e/lib/packages.sh"
need_package zstd zstd "$check" || exit 0
work=$(mktemp -d)
trap 'kill -9 "${victim:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
if ! { python3 -m venv "$work/venv" >/dev/null 2>&1 \
    && "$work/venv/bin/pip" install -q duckdb pandas zstandard >"$work/pip.log" 2>&1; }; then
  echo "$check: SKIPPED: DuckDB, pandas and zstandard could not be installed from PyPI: $(tail -1 "$work/pip.log" 2>/dev/null)"
  exit 0
fi
mkdir -p "$work/results"
( cd "$work" && "$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --report json,ops \
    --out results/quickstart --set stages.get.duration=2s >"$work/run.log" 2>&1 ) \
  || { echo "$check: FAILED: the run failed"; tail -20 "$work/run.log"; exit 1; }
zstd -q -d -c "$work/results/quickstart/ops.csv.zst" >"$work/ops.csv" || { echo "$check: FAILED: zstd -d"; exit 1; }

# the run killed mid-stage: a GET stage of 60 s, killed once its log holds rows of it
cat >"$work/long.yaml" <<'YAML'
name: ops-killed
bucket: ops-killed
createBucket: true
stages:
  - {name: put, kind: put, size: 4KiB, objects: 20, concurrency: 4}
  - {name: get, kind: get, from: put, duration: 60s, concurrency: 4}
YAML
"$root/s3workload" run "$work/long.yaml" --no-progress --report ops --out "$work/killed" >"$work/killed.log" 2>&1 &
victim=$!
for _ in $(seq 1 240); do # until the file holds 10 rows of the GET stage, however long that takes (2 min at most)
  [ "$(zstd -q -d -c "$work/killed/ops.csv.zst" 2>/dev/null | grep -c ',get,GET,')" -ge 10 ] && break
  sleep 0.5
done
kill -9 "$victim" 2>/dev/null || { echo "$check: FAILED: the run ended before it was killed"; tail "$work/killed.log"; exit 1; }
wait "$victim" 2>/dev/null || true
killed_rows=$(zstd -q -d -c "$work/killed/ops.csv.zst" | tail -n +2 | wc -l) \
  || { echo "$check: FAILED: zstd -d could not read the killed run's log"; exit 1; }

# the whole log written as a run's results by analyze --out, as docs/ops-log.md gives the command
( cd "$work" && "$root/s3workload" analyze results/quickstart --out results/quickstart-again >"$work/analyze.log" 2>&1 ) \
  || { echo "$check: FAILED: analyze --out"; tail -20 "$work/analyze.log"; exit 1; }

cd "$work"
"$work/venv/bin/python" - "$root/docs/ops-log.md" "$killed_rows" <<'PY'
import collections, io, json, re, sys, contextlib
import duckdb, pandas as pd
page = open(sys.argv[1]).read()
sql = re.search(r"```sql\n(.*?)```", page, re.S).group(1)
py = re.search(r"```python\n(.*?)```", page, re.S).group(1)
summary = json.load(open('results/quickstart/summary.json'))
attempts = collections.Counter()
for stage in summary['stages']:
    for cell in stage['cells']:
        attempts[(stage['name'], cell['op'])] += cell['operations'] + cell['errors']
problems = []
got = {(r[0], r[1]): r[2] for r in duckdb.sql(sql).fetchall()}
if got != dict(attempts):
    problems.append(f"DuckDB's counts {got} are not summary.json's {dict(attempts)}")
out = io.StringIO()
with contextlib.redirect_stdout(out):
    exec(py, {})
printed = out.getvalue()
for stage, op in attempts:
    if not re.search(rf"^{re.escape(stage)}\s+{re.escape(op)}\s+\d+\.\d+$", printed, re.M):
        problems.append(f"pandas printed no p99 for {stage} {op}:\n{printed}")
rows, own = duckdb.sql("select count(*) filter (where own is null), list(distinct own) filter (where own is not null)"
                       " from read_csv('ops.csv')").fetchall()[0]
if rows != sum(attempts.values()):
    problems.append(f"zstd -d gave {rows} measured rows, summary.json {sum(attempts.values())} attempts")
if not {'preflight', 'cleanup'} <= set(own):
    problems.append(f"the tool's own requests are not all there: marked {own}")
killed = duckdb.sql("select count(*) filter (where stage = 'get'), count(*) from read_csv('killed/ops.csv.zst')").fetchall()[0]
if killed[1] != int(sys.argv[2]) or killed[0] < 10:
    problems.append(f"the killed run's log: DuckDB read {killed[1]} rows ({killed[0]} of the GET stage), zstd -d {sys.argv[2]}")
again = json.load(open('results/quickstart-again/summary.json'))
cells = lambda s: {(st['name'], c['op'], c.get('size')): (c['operations'], c['errors'], c['bytes'],
                   sum(t['operations'] for t in c['timeline'])) for st in s['stages'] for c in st['cells']}
ran = {k: v[:3] + (v[0],) for k, v in cells(summary).items()}
if cells(again) != ran:
    problems.append(f"analyze --out wrote {cells(again)}, the run {ran}")
import os
if not all(os.path.exists('results/quickstart-again/' + f) for f in ('report.html', 'summary.csv', 'timeseries.csv')):
    problems.append(f"analyze --out wrote {os.listdir('results/quickstart-again')}")
for p in problems:
    print("  " + p)
print(f"  quickstart: {rows} measured rows = summary.json's attempts, the tool's own marked {sorted(own)}; DuckDB and pandas agree; analyze --out adds up to the run; killed run: {killed[1]} rows"
      f" readable, {killed[0]} of its GET stage")
sys.exit(1 if problems else 0)
PY
status=$?
[ $status = 0 ] && echo "$check: OK" || { echo "$check: FAILED"; exit 1; }
