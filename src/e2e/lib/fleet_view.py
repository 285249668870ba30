"""The fleet as the Grafana dashboard shows it, checked against what the shards themselves counted, on a real
Prometheus that found the shards by file-based service discovery. Only counts are judged, and exactly: a rate taken
on Prometheus's clock (when a scrape came) and one on a shard's (when it sampled its second) differ by the timing of
the scrapes, more on a busy machine, so the rates are printed, not judged.
 - inside the GET stage, the dashboard's operations panel gives the fleet's GET rate as one series and its
   per-shard panel a series per shard ("I/N"), which add up to it;
 - every sample of each shard's counter Prometheus scraped over the window is a count the shard itself recorded by
   one of its seconds (a sum of its per-second counts in its summary.json);
 - after the run, each shard's ops log holds as many measured GET rows as its counter was last scraped at, and the
   fleet's GET count in Prometheus (those counters added) equals the merged summary's count and the merged ops
   log's GET rows.
Prints the figures; exits 1 on any disagreement.

    python3 fleet_view.py PROMETHEUS_URL DASHBOARD.json RESULTS_DIR MERGED_SUMMARY.json RUN_ID SHARDS
(the merged ops log is read from beside MERGED_SUMMARY.json, the shards' from RESULTS_DIR/shard-*; zstd -d reads them)
"""
import csv
import glob
import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request

base, dashboard_file, results, merged_file, run_id, shards = sys.argv[1:6] + [int(sys.argv[6])]
WINDOW = 10

exprs = [t["expr"] for p in json.load(open(dashboard_file))["panels"] for t in p["targets"]]
total_expr = next(e for e in exprs if e.startswith("sum by (stage, op, size) (rate(s3workload_operations_total"))
shard_expr = next(e for e in exprs if e.startswith("sum by (shard) (rate(s3workload_operations_total"))


def query(expr, at):
    expr = expr.replace("$__rate_interval", f"{WINDOW}s").replace("$run", run_id).replace("$stage", "get")
    url = base + "/api/v1/query?" + urllib.parse.urlencode({"query": expr, "time": f"{at:.3f}"})
    return json.load(urllib.request.urlopen(url, timeout=10))["data"]["result"]


def get_cell(summary):
    return next(c for s in summary["stages"] if s["name"] == "get" for c in s["cells"] if c["op"] == "GET")


merged = get_cell(json.load(open(merged_file)))
seconds = merged["timeline"]
problems = []
# the dashboard, inside the stage: a moment WINDOW + 2 seconds in, or the stage's middle if it is shorter
at = seconds[min(len(seconds) - 2, WINDOW + 2)]["epochMs"] / 1000
total = [float(r["value"][1]) for r in query(total_expr, at) if r["metric"].get("op") == "GET"]
per_shard = {r["metric"].get("shard"): float(r["value"][1]) for r in query(shard_expr, at)}
expected = sorted(f"{i}/{shards}" for i in range(shards))
if len(total) != 1:
    problems.append(f"{len(total)} GET series in the operations panel, not 1")
if sorted(per_shard) != expected:
    problems.append(f"the per-shard panel has shards {sorted(per_shard)}, not {expected}")
live = total[0] if total else 0.0
if abs(sum(per_shard.values()) - live) > 1e-6 * max(1.0, live):
    problems.append(f"the per-shard series add up to {sum(per_shard.values()):.1f}/s, the total is {live:.1f}/s")

# the same moment, shard by shard, against the shards' own seconds: each counter Prometheus scraped must be what its
# shard had counted by one of its seconds (a sum of its per-second counts), and the rates over the window agree
shard_cells = {}
for f in glob.glob(f"{results}/shard-*/summary.json"):
    doc = json.load(open(f))
    shard_cells[f"{doc['run']['shard']['index']}/{doc['run']['shard']['count']}"] = get_cell(doc)
samples = query('s3workload_operations_total{run="%s", stage="get", op="GET"}[%ds]' % (run_id, WINDOW), at)
scraped_rate = own_rate = 0.0
checked = 0
for series in samples:
    shard = series["metric"].get("shard")
    ticks, counted = {}, 0
    for second in shard_cells[shard]["timeline"]:
        counted += second["operations"]
        ticks.setdefault(counted, second["epochMs"] / 1000)
    values = [(float(t), float(v)) for t, v in series["values"]]
    strays = [f"{v:.0f}" for _, v in values if v not in ticks]
    if strays:
        problems.append(f"shard {shard}: Prometheus scraped {', '.join(strays)}, not what it had counted by one of its"
                        " seconds")
        continue
    checked += len(values)
    (t_a, v_a), (t_b, v_b) = values[0], values[-1]
    if t_b > t_a:
        scraped_rate += (v_b - v_a) / (t_b - t_a)
    if ticks[v_b] > ticks[v_a]:
        own_rate += (v_b - v_a) / (ticks[v_b] - ticks[v_a])
if len(samples) != shards:
    problems.append(f"{len(samples)} shards scraped in the window, not {shards}")


def gets_logged(path):
    """The measured, successful GET rows of the get stage in an ops log (zstd -d reads it; docs/ops-log.md's columns):
    what s3workload_operations_total counts (failures have a counter of their own)."""
    text = subprocess.run(["zstd", "-q", "-d", "-c", path], check=True, capture_output=True, text=True).stdout
    return sum(1 for row in csv.DictReader(text.splitlines())
               if row["stage"] == "get" and row["op"] == "GET" and not row["own"] and not row["error"])


# after the run: each shard's counter as last scraped is its ops log's GET rows; added, the merged count and rows
last = query('last_over_time(s3workload_operations_total{run="%s", stage="get", op="GET"}[10m])' % run_id,
             time.time())
last_by_shard = {r["metric"].get("shard"): float(r["value"][1]) for r in last}
logged = {}
for f in sorted(glob.glob(f"{results}/shard-*/summary.json")):
    doc = json.load(open(f))
    shard = f"{doc['run']['shard']['index']}/{doc['run']['shard']['count']}"
    logged[shard] = gets_logged(os.path.join(os.path.dirname(f), "ops.csv.zst"))
    if last_by_shard.get(shard) != logged[shard]:
        problems.append(f"shard {shard}: its counter was last scraped at {last_by_shard.get(shard)}, its ops log holds"
                        f" {logged[shard]} GET rows")
scraped = sum(last_by_shard.values())
merged_rows = gets_logged(os.path.join(os.path.dirname(merged_file), "ops.csv.zst"))
if not scraped == merged["operations"] == merged_rows:
    problems.append(f"Prometheus holds {scraped:.0f} GETs at the end, the merged results {merged['operations']}, the"
                    f" merged ops log {merged_rows} rows")
if problems:
    print("; ".join(problems))
    sys.exit(1)
print(f"fleet view: Prometheus (file SD, {shards} targets) mid-stage: {live:.0f} GET/s in the operations panel ="
      f" the per-shard series ({', '.join(f'{v:.0f}' for _, v in sorted(per_shard.items()))}); the {checked} counters"
      f" scraped over {WINDOW} s are all counts the shards recorded by one of their seconds (rates, not judged:"
      f" {scraped_rate:.1f} GET/s on Prometheus's clock, {own_rate:.1f}/s on the shards'); at the end each shard's"
      f" counter = its ops log's GET rows ({', '.join(str(v) for _, v in sorted(logged.items()))}), {scraped:.0f}"
      f" GETs in all = merged summary = merged ops log")
