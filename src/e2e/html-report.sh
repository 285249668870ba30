#!/usr/bin/env bash
# End to end: the HTML report renders in headless Chromium (the Debian package, installed by the check when it
# can). Runs the quickstart (GETs for 4 s) and a small sweep with --report html, renders each report.html to a PNG
# and checks the rendered page: the header names the tool version and commit, JVM and host; every cell heading has
# its charts with their lines and no cell gets an empty frame (the short ones are table rows); the sweep's table and
# its chart are there; no console error; a PNG that is not blank. Says SKIPPED and why when Chromium cannot be had.
#   src/e2e/html-report.sh [PNG_OUT]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/e2e/lib/packages.sh"
need_package chromium chromium "e2e html-report" || exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --report console,html --out "$work/out" \
  --set stages.get.duration=4s >"$work/run.log"
cat >"$work/sweep.yaml" <<'YAML'
name: sweep-e2e
bucket: sweep-e2e
createBucket: true
stages:
  - {name: sweep, kind: sweep, threads: [1, 2, 4], sizes: [64KiB, 256KiB], duration: 1s}
YAML
"$root/s3workload" run "$work/sweep.yaml" --no-progress --report html --out "$work/sweep" >"$work/sweep.log"
chrome=(chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile")
png="${1:-$work/report.png}"
for run in out sweep; do
  report="$work/$run/report.html"
  "${chrome[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$report" >"$work/$run.dom.html" 2>"$work/$run.console.log"
  "${chrome[@]}" --window-size=1400,2000 --screenshot="$work/$run.png" "file://$report" >/dev/null 2>&1
done
cp "$work/out.png" "$png"
python3 - "$work/out.dom.html" "$work/out.console.log" "$png" "$work/sweep.dom.html" <<'PY'
import re, sys, zlib, struct
dom, console, png = open(sys.argv[1]).read(), open(sys.argv[2]).read(), open(sys.argv[3], 'rb').read()
sweep = open(sys.argv[4]).read()
problems = []
for part in ("s3workload ", "(commit ", " CPUs)", "8 workers, client http, endpoint embedded"):
    if part not in dom:
        problems.append(f"the header or a stage line lacks {part!r}")
headings = dom.split('<h3>')[1:]
cells = len(headings)
if cells == 0:
    problems.append("no cell has charts: the GETs ran 4 s")
for h in headings:
    body = h.split('</div>')[0]
    if 'class="chart ' not in body:
        problems.append("a cell heading without charts: " + h[:60])
n = dom.count('class="chart throughput"')
if n != dom.count('class="chart latency"'):
    problems.append("throughput and latency charts do not pair up")
lines = len(re.findall(r'<polyline class="series"', dom))
for svg in re.findall(r'<svg[^>]*class="(chart [a-z]+)"(.*?)</svg>', dom, re.S):
    want = 2 if svg[0] == "chart latency" else 1
    if svg[1].count('<polyline class="series"') < want:
        problems.append(f"a {svg[0]} chart with fewer than {want} lines")
if '<table class="sweep">' not in sweep or sweep.count('class="chart sweep"') != 1:
    problems.append("the sweep's table or its chart is missing")
elif len(re.findall(r'<polyline class="series"', sweep.split('class="chart sweep"')[1].split('</svg>')[0])) != 2:
    problems.append("the sweep chart does not have a line per object size")
if re.search(r'CONSOLE.*(error|Uncaught)', console, re.I):
    problems.append("console errors: " + "; ".join(l for l in console.splitlines() if "CONSOLE" in l))
if re.search(r'(src|href)="(https?:)?//', dom):
    problems.append("the page fetches something from the network")
# the PNG is not blank: decode its first rows and count distinct colours
w, h = struct.unpack(">II", png[16:24])
idat = b"".join(png[i + 8:i + 8 + struct.unpack(">I", png[i:i + 4])[0]] for i in
                [m.start() - 4 for m in re.finditer(b"IDAT", png)])
colours = len(set(zlib.decompress(idat)[: w * 4 * 400]))
if colours < 16:
    problems.append(f"the screenshot looks blank ({colours} distinct byte values)")
if problems:
    print("e2e html-report: FAILED: " + "; ".join(problems))
    sys.exit(1)
print(f"e2e html-report: OK: {cells} charted cells, {lines} chart lines, the sweep table and chart, no console errors, {w}x{h} PNG")
PY
