#!/usr/bin/env bash
# End to end: the HTML report renders in headless Chromium (the Debian package, installed by the check when it
# can). Runs the quickstart (GETs for 4 s), a small sweep, a small capacity search and a mix with --report html,
# renders each report.html to a PNG and checks the rendered page: the header names the tool version and commit, JVM
# and host; every cell heading has its charts with their lines and no cell gets an empty frame (the short ones are
# table rows); a cell that moves data has a MiB/s and an operations/s chart, whose lines draw every second of the
# cell's timeline but a last partial one shorter than half a second, which a note under the charts names; the sweep's
# table and its chart are there; every chart and row of the capacity search names its step and the load offered; no
# console error; a PNG that is not blank. Then, rendered 700 px wide with a probe script run in the page: nothing
# overflows the window, every legend fits inside its chart and lies under the plot (never over a line), and every
# axis tick is a round value (multiples of 1, 2, 2.5 or 5 times a power of ten, or p0/p50/p90/p99/p99.9...).
# Says SKIPPED and why when Chromium cannot be had.
#   src/e2e/html-report.sh [PNG_OUT [SCREENSHOT_DIR]]
#     SCREENSHOT_DIR: where to keep the capacity and mix reports' screenshots (docs/images/ has them)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/e2e/lib/packages.sh"
need_package chromium chromium "e2e html-report" || exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --report console,html,json --out "$work/out" \
  --set stages.get.duration=4s >"$work/run.log"
cat >"$work/sweep.yaml" <<'YAML'
name: sweep-e2e
bucket: sweep-e2e
createBucket: true
stages:
  - {name: sweep, kind: sweep, threads: [1, 2, 4], sizes: [64KiB, 256KiB], duration: 1s}
YAML
"$root/s3workload" run "$work/sweep.yaml" --no-progress --report html --out "$work/sweep" >"$work/sweep.log"
cat >"$work/capacity.yaml" <<'YAML'
name: capacity-e2e
bucket: capacity-e2e
createBucket: true
stages:
  - {name: objects, kind: put, size: 16KiB, objects: 32, concurrency: 8}
  - name: get-capacity
    kind: capacity
    load: {kind: get, from: objects}
    slo: {p99: 15ms}
    rate: {start: 400/s, factor: 2, max: 12800/s}
    settle: 500ms
    hold: 3500ms
    concurrency: 4
    duration: 30s
YAML
"$root/s3workload" run "$work/capacity.yaml" --no-progress --report console,html --out "$work/capacity" \
  >"$work/capacity.log"
"$root/s3workload" run "$root/workloads/mixed.yaml" --no-progress --report html --out "$work/mix" \
  --only mixed --set stages.mixed.duration=6s --set stages.mixed.objects=50 >"$work/mix.log"
chrome=(chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile")
png="${1:-$work/report.png}"
for run in out sweep capacity mix; do
  report="$work/$run/report.html"
  "${chrome[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$report" >"$work/$run.dom.html" 2>"$work/$run.console.log"
  "${chrome[@]}" --window-size=1400,2000 --screenshot="$work/$run.png" "file://$report" >/dev/null 2>&1
done
cp "$work/out.png" "$png"
# the narrow window: the page measures itself (a probe script added to a copy) and --dump-dom carries the answer
for run in out sweep capacity mix; do
  sed 's#</body>#<script>(function(){var r={overflow:document.documentElement.scrollWidth-window.innerWidth,legends:[],ticks:[]};document.querySelectorAll("svg").forEach(function(s){var w=s.viewBox.baseVal.width;var bottom=0;s.querySelectorAll("line.grid").forEach(function(g){bottom=Math.max(bottom,g.y1.baseVal.value)});s.querySelectorAll("text.legend").forEach(function(t){var b=t.getBBox();if(b.x+b.width>w+0.5)r.legends.push(t.textContent+" ends at "+Math.round(b.x+b.width)+" of "+w);if(b.y<bottom)r.legends.push(t.textContent+" lies over the plot (top "+Math.round(b.y)+", plot bottom "+Math.round(bottom)+")")});["end","middle"].forEach(function(a){var axis=[];s.querySelectorAll("text.tick[text-anchor="+a+"]").forEach(function(t){axis.push(t.textContent)});if(axis.length)r.ticks.push(axis)})});var p=document.createElement("pre");p.id="probe";p.textContent=JSON.stringify(r);document.body.appendChild(p)})();</script></body>#' \
    "$work/$run/report.html" >"$work/$run/narrow.html"
  "${chrome[@]}" --window-size=700,2000 --dump-dom "file://$work/$run/narrow.html" >"$work/$run.narrow.dom.html" 2>/dev/null
  "${chrome[@]}" --window-size=700,2000 --screenshot="$work/$run.narrow.png" "file://$work/$run/report.html" >/dev/null 2>&1
done
[ -n "${1:-}" ] && cp "$work/out.narrow.png" "${1%.png}-700px.png"
if [ -n "${2:-}" ]; then
  mkdir -p "$2"
  "${chrome[@]}" --window-size=1400,1600 --screenshot="$2/report-capacity.png" "file://$work/capacity/report.html" \
    >/dev/null 2>&1
  "${chrome[@]}" --window-size=1400,1500 --screenshot="$2/report-mix.png" "file://$work/mix/report.html" >/dev/null 2>&1
fi
python3 - "$work/out.dom.html" "$work/out.console.log" "$png" "$work/sweep.dom.html" "$work/out.narrow.dom.html" \
  "$work/sweep.narrow.dom.html" "$work/out/summary.json" "$work/capacity.dom.html" "$work/capacity.narrow.dom.html" \
  "$work/mix.dom.html" "$work/mix.narrow.dom.html" <<'PY'
import json, html, re, sys, zlib, struct
dom, console, png = open(sys.argv[1]).read(), open(sys.argv[2]).read(), open(sys.argv[3], 'rb').read()
sweep = open(sys.argv[4]).read()
summary = json.load(open(sys.argv[7]))
capacity, mix = open(sys.argv[8]).read(), open(sys.argv[10]).read()
problems = []
def nice(step):
    while step >= 10:
        step /= 10
    while step < 1:
        step *= 10
    return any(abs(step - m) < 1e-6 for m in (1, 2, 2.5, 5, 10))
def round_axis(labels):
    """An axis's ticks are round: usual percentiles, or multiples of one step of 1, 2, 2.5 or 5 times a power of ten."""
    if all(re.fullmatch(r"p(0|50|90|99|99\.9+)", l) for l in labels):
        return True
    try:
        values = [float(l) for l in labels]
    except ValueError:
        return False
    if len(values) < 2:
        return True
    step = values[1] - values[0]
    return step > 0 and nice(step) and all(abs(v / step - round(v / step)) < 1e-6 for v in values) \
        and all(abs((b - a) - step) < 1e-6 * max(1, step) for a, b in zip(values, values[1:]))
for narrow in (sys.argv[5], sys.argv[6], sys.argv[9], sys.argv[11]):
    found = re.search(r'<pre id="probe">(.*?)</pre>', open(narrow).read(), re.S)
    if not found:
        problems.append("the 700 px probe did not run")
        continue
    probe = json.loads(html.unescape(found.group(1)))
    if probe["overflow"] > 0:
        problems.append(f"at 700 px the page is {probe['overflow']} px wider than the window")
    problems += ["a legend is cut at its chart's edge: " + l for l in probe["legends"]]
    odd = [", ".join(axis) for axis in probe["ticks"] if not round_axis(axis)]
    if odd:
        problems.append("axis ticks at odd values: " + " | ".join(odd[:4]))
get = next(c for s in summary["stages"] if s["name"] == "get" for c in s["cells"] if c["size"] == "1MiB")
drawn = [s for s in get["timeline"] if s["intervalSeconds"] > 0]
if len(drawn) > 1 and drawn[-1]["intervalSeconds"] < 0.5:
    drawn = drawn[:-1]  # a last partial second under half a second is not drawn; a note says what it held
    if "Not drawn: the last " not in dom.split("GET 1 MiB on embedded")[1].split("</h3>")[1].split("<h3>")[0]:
        problems.append("the GET 1 MiB charts leave out a short last second without a note saying so")
seconds = len(drawn)
chart = dom.split("GET 1 MiB on embedded")[1].split('class="chart operations"')[1].split("</svg>")[0]
points = len(re.search(r'<polyline class="series"[^>]*points="([^"]*)"', chart).group(1).split())
if points != 2 * seconds:
    problems.append(f"the GET 1 MiB operations/s line has {points} points for {seconds} seconds of timeline"
                    " (a step per second, from its start to its end)")
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
if dom.count('class="chart operations"') != n:
    problems.append("a data cell without its operations/s chart beside MiB/s")
lines = len(re.findall(r'<polyline class="series"', dom))
for svg in re.findall(r'<svg[^>]*class="(chart [a-z]+)"(.*?)</svg>', dom, re.S):
    want = 2 if svg[0] == "chart latency" else 1
    if svg[1].count('<polyline class="series"') < want:
        problems.append(f"a {svg[0]} chart with fewer than {want} lines")
if '<table class="sweep">' not in sweep or sweep.count('class="chart sweep"') != 1:
    problems.append("the sweep's table or its chart is missing")
elif len(re.findall(r'<polyline class="series"', sweep.split('class="chart sweep"')[1].split('</svg>')[0])) != 2:
    problems.append("the sweep chart does not have a line per object size")
# a capacity search: each step's heading and table row names the step and the load offered
steps = re.findall(r'<h3>(step \d+, [^<:]*offered[^<:]*): GET 16 KiB on embedded</h3>', capacity)
headings = re.findall(r'<h3>([^<]*)</h3>', capacity.split('id="stage-get-capacity"')[1])
if not steps or len(steps) != len(headings):
    problems.append(f"capacity: {len(headings)} charted steps, {len(steps)} headed 'step N, LOAD offered': {headings[:3]}")
rows = capacity.split('id="stage-get-capacity"')[1].split('<table class="cells">')[1].split('</table>')[0]
if '<th class="t">step</th>' not in rows or not re.search(r'<td class="t">step 1, [^<]* offered', rows):
    problems.append("capacity: the table of steps has no step column")
if 'class="chart latency"' not in mix or 'class="chart operations"' not in mix:
    problems.append("the mix's report has no charts over time")
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
print(f"e2e html-report: OK: {cells} charted cells, {lines} chart lines, the sweep table and chart, capacity steps"
      f" named: {len(steps)}, legends under their plots, no console errors, {w}x{h} PNG")
PY
