#!/usr/bin/env bash
# End to end with a real Prometheus (the Debian package): it scrapes s3workload's /metrics on 127.0.0.1 every
# second during a run of the quickstart workload, and its HTTP API must show a non-zero rate() of the GET
# operations counter; `promtool check metrics` must find nothing wrong with the exposition; and every query of the
# Grafana dashboard (src/deploy/grafana/s3workload-dashboard.json) must run on this Prometheus and, but for the
# series that exist only when something happens (errors, throttling, open loops), return data. Installs the
# package when it is missing and it can (root and apt-get); says SKIPPED and why otherwise.
#   src/e2e/prometheus.sh        (needs the jar: run after ./mvnw verify, or let the launcher build it)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/e2e/lib/packages.sh"
need_package prometheus prometheus "e2e prometheus" || exit 0
work=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
metrics_port=$(free_port)
prometheus_port=$(free_port)
cat >"$work/prometheus.yml" <<YAML
global: {scrape_interval: 1s, evaluation_interval: 1s}
scrape_configs:
  - job_name: s3workload
    static_configs: [{targets: ["127.0.0.1:$metrics_port"]}]
YAML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
  --web.listen-address="127.0.0.1:$prometheus_port" >"$work/prometheus.log" 2>&1 &
prometheus_pid=$!
run_pid=
cleanup() {
  [ -n "$run_pid" ] && kill "$run_pid" 2>/dev/null || true
  kill "$prometheus_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$prometheus_port/-/ready" >/dev/null && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$prometheus_port/-/ready" >/dev/null || { cat "$work/prometheus.log"; echo "e2e prometheus: FAILED: Prometheus did not start"; exit 1; }
"$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --set stages.get.duration=8s \
  --prometheus-port "$metrics_port" --prometheus-host 127.0.0.1 >"$work/run.log" 2>&1 &
run_pid=$!
for _ in $(seq 1 240); do
  grep -qs "^\[2/3\] get" "$work/run.log" && break
  sleep 0.25
done
query='sum(rate(s3workload_operations_total{op="GET"}[4s]))'
rate_of() { python3 -c 'import json,sys; r=json.loads(sys.argv[1] or "{}").get("data",{}).get("result",[]); print(r[0]["value"][1] if r else 0)' "$1"; }
# until Prometheus has scraped the GETs twice (a rate needs two samples), while the run goes on: not a sleep that a
# busy machine's late scrapes outlast
answer=
for _ in $(seq 1 120); do
  answer=$(curl -sf -G "http://127.0.0.1:$prometheus_port/api/v1/query" --data-urlencode "query=$query" || true)
  python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)' "$(rate_of "$answer")" && break
  kill -0 "$run_pid" 2>/dev/null || break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$metrics_port/metrics" >"$work/metrics.txt" || true
promtool_out=$(promtool check metrics <"$work/metrics.txt" 2>&1) && promtool_ok=1 || promtool_ok=0
dashboard_out=$(python3 "$root/src/e2e/lib/check_dashboard.py" "$root/src/deploy/grafana/s3workload-dashboard.json" \
  "http://127.0.0.1:$prometheus_port" 2>&1) && dashboard_ok=1 || dashboard_ok=0
wait "$run_pid"
run_pid=
rate=$(rate_of "$answer")
if [ "$promtool_ok" != 1 ] || [ ! -s "$work/metrics.txt" ]; then
  echo "e2e prometheus: FAILED: promtool check metrics on the run's /metrics ($(wc -l <"$work/metrics.txt") lines):"
  echo "$promtool_out"
  exit 1
fi
if [ "$dashboard_ok" != 1 ]; then
  echo "e2e prometheus: FAILED: the Grafana dashboard's queries:"
  echo "$dashboard_out"
  exit 1
fi
echo "$dashboard_out"
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)' "$rate"; then
  echo "e2e prometheus: OK: Prometheus $(prometheus --version 2>&1 | head -1 | awk '{print $3}') scraped the run; $query = $rate; promtool check metrics: clean ($(wc -l <"$work/metrics.txt") lines)"
else
  echo "e2e prometheus: FAILED: $query gave '$rate'; answer: $answer"
  tail -20 "$work/run.log"
  exit 1
fi
