"""The fleet as the Grafana dashboard shows it, checked against what the shards themselves counted, on a real
Prometheus that found the shards by file-based service discovery:
 - inside the GET stage, the dashboard's operations panel gives the fleet's GET rate as one series and its
   per-shard panel a series per shard ("I/N"), which add up to it;
 - at that moment each shard's counter as scraped is a count the shard itself recorded (a sum of its per-second
   counts), and the fleet's GET ops/s over the window, from the scraped counters, agrees with the same counts on the
   shards' own clocks within 2% (and with the panel's value);
 - after the run, the fleet's GET count in Prometheus (each shard's counter as last scraped, added) equals the
   merged count.
Prints the figures; exits 1 on any disagreement.

    python3 fleet_view.py PROMETHEUS_URL DASHBOARD.json RESULTS_DIR MERGED_SUMMARY.json RUN_ID SHARDS
"""
import glob
import json
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
for series in samples:
    shard = series["metric"].get("shard")
    (t_a, v_a), (t_b, v_b) = [(float(t), float(v)) for t, v in (series["values"][0], series["values"][-1])]
    ticks, counted = {}, 0
    for second in shard_cells[shard]["timeline"]:
        counted += second["operations"]
        ticks.setdefault(counted, second["epochMs"] / 1000)
    if v_a not in ticks or v_b not in ticks:
        problems.append(f"shard {shard}: Prometheus scraped {v_a:.0f} and {v_b:.0f}, not what it had counted by one of"
                        " its seconds")
        continue
    scraped_rate += (v_b - v_a) / (t_b - t_a)
    own_rate += (v_b - v_a) / (ticks[v_b] - ticks[v_a])
difference = abs(scraped_rate - own_rate) / own_rate if own_rate else 1.0
if len(samples) != shards or difference > 0.02:
    problems.append(f"{len(samples)} shards scraped; Prometheus gives the fleet {scraped_rate:.1f} GET/s over the"
                    f" window, the shards' own seconds {own_rate:.1f}/s ({difference:.1%} apart)")
panel = abs(live - scraped_rate) / scraped_rate if scraped_rate else 1.0
if panel > 0.02:
    problems.append(f"the operations panel says {live:.1f} GET/s, the scraped counters {scraped_rate:.1f}/s")

# after the run: each shard's counter as last scraped, added, is the merged count
last = query('sum(last_over_time(s3workload_operations_total{run="%s", stage="get", op="GET"}[10m]))' % run_id,
             time.time())
scraped = float(last[0]["value"][1]) if last else 0.0
if scraped != merged["operations"]:
    problems.append(f"Prometheus holds {scraped:.0f} GETs at the end, the merged results {merged['operations']}")
if problems:
    print("; ".join(problems))
    sys.exit(1)
print(f"fleet view: Prometheus (file SD, {shards} targets) mid-stage: {live:.0f} GET/s in the operations panel ="
      f" the per-shard series ({', '.join(f'{v:.0f}' for _, v in sorted(per_shard.items()))}); the scraped counters"
      f" are the shards' own counts, {scraped_rate:.1f} GET/s on Prometheus's clock vs {own_rate:.1f}/s on the"
      f" shards' ({difference:.2%} apart); at the end {scraped:.0f} GETs = merged")
