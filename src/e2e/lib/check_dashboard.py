"""Runs every query of a Grafana dashboard against a real Prometheus, as Grafana would at this moment, with every
template variable at "All" and $__rate_interval at 4s (the e2e scrape interval is 1 s). Each query must be
accepted; each must return data unless it reads only series that exist when something happens (errors,
throttling, open loops, late starts). Prints a line per panel; exits 1 on any failure.

    python3 check_dashboard.py DASHBOARD.json PROMETHEUS_URL
"""
import json
import sys
import urllib.parse
import urllib.request

OCCASIONAL = ("s3workload_errors_total", "s3workload_throttled_total", "s3workload_late_starts_total",
              "s3workload_target_rate")

dashboard = json.load(open(sys.argv[1]))
base = sys.argv[2]
failed = []
for panel in dashboard["panels"]:
    for target in panel["targets"]:
        expr = target["expr"].replace("$__rate_interval", "4s").replace("$run", ".*").replace("$stage", ".*")
        url = base + "/api/v1/query?" + urllib.parse.urlencode({"query": expr})
        try:
            answer = json.load(urllib.request.urlopen(url, timeout=10))
        except Exception as e:  # an HTTP 400 is a query Prometheus refused
            failed.append(f"{panel['title']} [{target['refId']}]: {e}: {expr}")
            continue
        series = answer.get("data", {}).get("result", [])
        needs_data = not any(name in expr for name in OCCASIONAL)
        status = "ok" if answer.get("status") == "success" else "refused"
        if status != "ok" or needs_data and not series:
            failed.append(f"{panel['title']} [{target['refId']}]: {status}, {len(series)} series: {expr}")
        print(f"  dashboard: {panel['title']} [{target['refId']}]: {status}, {len(series)} series")
if failed:
    print("dashboard queries failed:\n  " + "\n  ".join(failed))
    sys.exit(1)
