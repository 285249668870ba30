#!/usr/bin/env bash
# End to end: the HTML report renders in headless Chromium (the Debian package, installed by the check when it
# can). Runs the quickstart with --report html, renders report.html to a PNG, and checks the rendered page: every
# cell has its three charts (throughput, latency over time, latency distribution) with their lines, no console
# error, and a PNG that is not blank. Says SKIPPED and why when Chromium cannot be had.
#   src/e2e/html-report.sh [PNG_OUT]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/e2e/lib/packages.sh"
need_package chromium chromium "e2e html-report" || exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --report console,html --out "$work/out" \
  --set stages.get.duration=2s >"$work/run.log"
report="$work/out/report.html"
chrome=(chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile")
"${chrome[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$report" >"$work/dom.html" 2>"$work/console.log"
png="${1:-$work/report.png}"
"${chrome[@]}" --window-size=1400,2000 --screenshot="$png" "file://$report" >/dev/null 2>&1
python3 - "$work/dom.html" "$work/console.log" "$png" <<'PY'
import re, sys, zlib, struct
dom, console, png = open(sys.argv[1]).read(), open(sys.argv[2]).read(), open(sys.argv[3], 'rb').read()
problems = []
cells = len(re.findall(r'<h3>', dom))
for chart in ("chart throughput", "chart latency", "chart distribution"):
    n = dom.count(f'class="{chart}"')
    if n != cells:
        problems.append(f"{chart}: {n} charts for {cells} cells")
lines = len(re.findall(r'<polyline class="series"', dom))
if lines < 4 * cells:
    problems.append(f"{lines} chart lines for {cells} cells (expected 4 each)")
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
print(f"e2e html-report: OK: {cells} cells, {lines} chart lines, no console errors, {w}x{h} PNG")
PY
