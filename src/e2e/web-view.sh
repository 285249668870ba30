#!/usr/bin/env bash
# End to end: the live page (--web) in a real browser. Headless Chromium (Debian's chromium, driven through
# chromedriver from chromium-driver over the WebDriver protocol, no client library) opens the page of a run of the
# quickstart (GETs for 6 s) against the embedded server while it runs, waits for the page's second update, checks the
# plan lists every stage with a state and a running stage shows its cells with their charts, takes a screenshot; then
# waits for the run's end and reads the numbers the page shows from its DOM: the cells listed equal summary.json's,
# and per cell the operations, errors and the last second's operations and errors equal summary.json's; the final
# report the page keeps opens as a report.html; no console error. Then a second run asked for the same port gets a
# one-line error and exit code 2 while the first still serves it. Screenshots go to target/e2e/web-view/ (CI keeps
# target/). Says SKIPPED and why when Chromium or chromedriver cannot be had.
#   src/e2e/web-view.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/e2e/lib/packages.sh"
need_package chromium chromium "e2e web-view" || exit 0
need_package chromium-driver chromedriver "e2e web-view" || exit 0
work=$(mktemp -d)
shots="$root/target/e2e/web-view"
mkdir -p "$shots"
driver_pid=""
run_pid=""
cleanup() {
  [ -n "$run_pid" ] && kill "$run_pid" 2>/dev/null || true
  [ -n "$driver_pid" ] && kill "$driver_pid" 2>/dev/null || true
  # the browsers chromedriver started, should a failure have left a session open
  pkill -f -- "--user-data-dir=$work/" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
driver_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
chromedriver --port="$driver_port" >"$work/chromedriver.log" 2>&1 &
driver_pid=$!
"$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --report console,json,ops --out "$work/out" \
  --web 0 --set stages.get.duration=6s >"$work/run.log" 2>&1 &
run_pid=$!
python3 - "$driver_port" "$work" "$shots" "$run_pid" "$root" <<'PY'
import base64, json, os, re, subprocess, sys, time, urllib.request

driver, work, shots, run_pid, root = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
base = "http://127.0.0.1:%s" % driver

def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read())["value"]

def wait(what, test, seconds):
    until = time.time() + seconds
    while time.time() < until:
        value = test()
        if value:
            return value
        time.sleep(0.1)
    sys.exit("web-view: FAILED: waited %d s for %s" % (seconds, what))

def fail(message):
    sys.exit("web-view: FAILED: " + message)

# the page's address, from the run's first line
log = os.path.join(work, "run.log")
def address():
    text = open(log).read() if os.path.exists(log) else ""
    m = re.search(r"Live view: (http://\S+)", text)
    return m.group(1) if m else None
url = wait("the run to say where its page is", address, 120)
wait("chromedriver", lambda: urllib.request.urlopen(base + "/status", timeout=5).status == 200, 30)
session = call("POST", "/session", {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
    "binary": "/usr/bin/chromium",
    "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1800",
             "--user-data-dir=" + os.path.join(work, "profile")]},
    "goog:loggingPrefs": {"browser": "ALL"}}}})["sessionId"]
s = "/session/" + session
def js(script, *args):
    return call("POST", s + "/execute/sync", {"script": script, "args": list(args)})
def shot(name):
    png = base64.b64decode(call("GET", s + "/screenshot"))
    open(os.path.join(shots, name), "wb").write(png)
    return png

call("POST", s + "/url", {"url": url})
updates = lambda: js("return Number(document.body.getAttribute('data-updates'))")
planned = lambda: js("return Array.from(document.querySelectorAll('#plan li')).map(li => [li.dataset.stage, li.dataset.state])")
wait("the run's plan on the page", planned, 120)
first = updates()
wait("the page's second update after it", lambda: updates() >= first + 2, 60)
plan = planned()
if [p[0] for p in plan] != ["put", "get", "delete"]:
    fail("the plan lists %s, not put, get, delete" % plan)
if any(p[1] not in ("waiting", "running", "done") for p in plan):
    fail("a stage's state is none of waiting, running, done: %s" % plan)
# a running stage with its cells and charts, 4 s into it: the GETs run for 6 s a size
running = wait("a running stage with a cell and its charts", lambda: js("""
  const li = document.querySelector('#plan li[data-state=running]');
  if (!li) return null;
  const div = Array.from(document.querySelectorAll('#stages > div')).find(d => d.dataset.stage === li.dataset.stage);
  const rows = div ? div.querySelectorAll('tr[data-cell]').length : 0;
  const charts = div ? div.querySelectorAll('svg .series, svg polyline, svg path').length : 0;
  const seconds = parseFloat((li.querySelector('.state').textContent.split(', ')[1] || '0'));
  return rows > 0 && charts > 0 && li.dataset.stage === 'get' && seconds >= 4 ? [li.dataset.stage, rows, charts] : null;"""), 60)
live_png = shot("live.png")
print("web-view: mid-run, stage %s running with %d cells and %d chart lines; %d updates so far"
      % (running[0], running[1], running[2], updates()))

wait("the run's end on the page", lambda: js("return document.body.getAttribute('data-finished') === 'true'"), 120)
shown = js("""
  const rows = {};
  document.querySelectorAll('tr[data-cell]').forEach(tr => {
    const k = {};
    tr.querySelectorAll('td[data-k]').forEach(td => k[td.dataset.k] = td.dataset.v === undefined ? td.textContent : td.dataset.v);
    rows[tr.dataset.cell] = k;
  });
  return rows;""")
report = call("POST", s + "/execute/async", {"script": """
  const done = arguments[arguments.length - 1];
  const a = document.getElementById('final-report');
  if (!a) { done('no link'); return; }
  fetch(a.href).then(r => r.text()).then(done, e => done('error ' + e));""", "args": []})
shot("finished.png")
logs = []
try:
    logs = call("POST", s + "/se/log", {"type": "browser"})
except Exception:
    pass
call("DELETE", s)

def ended():
    try:
        return open("/proc/%d/stat" % run_pid).read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True
wait("the run to exit", ended, 120)
summary = json.load(open(os.path.join(work, "out", "summary.json")))
expected = {}
for stage in summary["stages"]:
    for cell in stage["cells"]:
        expected["%s|%s|%s|%s" % (stage["name"], cell["op"], cell.get("size") or "", cell["endpoint"])] = cell
if set(shown) != set(expected):
    fail("the page lists cells %s, summary.json %s" % (sorted(shown), sorted(expected)))
for cid, cell in expected.items():
    row, last = shown[cid], cell["timeline"][-1]
    want = {"ok": cell["operations"], "errors": cell["errors"], "last-ok": last["operations"], "last-errors": last["errors"]}
    got = {k: int(row[k]) for k in want}
    if got != want:
        fail("cell %s: the page shows %s, summary.json has %s" % (cid, got, want))
if "<html" not in report or "quickstart" not in report:
    fail("the final report the page keeps is not a report.html: %r" % report[:200])

# analyze --web over the run's ops log: the GET cells as summary.json has them, then cut by 1 s segments on the page
analyzer = subprocess.Popen([os.path.join(root, "s3workload"), "analyze", os.path.join(work, "out"), "--op", "GET",
                             "--web", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
try:
    import queue, threading
    lines = queue.Queue()  # read on a thread, so that the wait for the page's address has a bound
    threading.Thread(target=lambda: [lines.put(l) for l in iter(analyzer.stdout.readline, "")] + [lines.put("")],
                     daemon=True).start()
    line = ""
    while "Analysis page:" not in line:
        try:
            line = lines.get(timeout=120)
        except queue.Empty:
            fail("analyze --web printed no page address in 120 s")
        if not line:
            fail("analyze --web ended without a page")
    page = re.search(r"Analysis page: (\S+)", line).group(1)
    session = call("POST", "/session", {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
        "binary": "/usr/bin/chromium", "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
        "--window-size=1400,1800", "--user-data-dir=" + os.path.join(work, "profile2")]},
        "goog:loggingPrefs": {"browser": "ALL"}}}})["sessionId"]
    s = "/session/" + session
    call("POST", s + "/url", {"url": page})
    wait("the slice on the analysis page", lambda: js("return document.body.getAttribute('data-finished') === 'true'"), 60)
    cut = js("return Object.fromEntries(Array.from(document.querySelectorAll('tr[data-cell]')).map(tr => [tr.dataset.cell, Number(tr.querySelector('td[data-k=ok]').dataset.v)]))")
    gets = {k: v["operations"] for k, v in expected.items() if "|GET|" in k}
    if cut != gets:
        fail("analyze --web --op GET shows %s; summary.json's GET cells are %s" % (cut, gets))
    js("document.querySelector('form.slice input[name=segment]').value = '1s';"
       "document.querySelector('form.slice button').click();")
    wait("the page cut by 1 s segments", lambda: "Segments of 1.0s" in js(
        "const p = document.getElementById('analysis'); return p ? p.textContent : ''"), 60)
    if "segment=1s" not in js("return location.search"):
        fail("the page's address does not say the slice: " + js("return location.search"))
    shot("analyze.png")
    logs += call("POST", s + "/se/log", {"type": "browser"})
    call("DELETE", s)
finally:
    analyzer.terminate()
print("web-view: OK: analyze --web shows the GET cells with summary.json's counts (%s) and cuts by segments on the page"
      % ", ".join("%s %d" % (k, v) for k, v in gets.items()))
severe = [l for l in logs if l.get("level") == "SEVERE"]
if severe:
    fail("console errors: %s" % severe)
if len(live_png) < 20000:
    fail("the mid-run screenshot is %d bytes: blank?" % len(live_png))
print("web-view: OK: %d cells on the page equal summary.json's (operations, errors, last second), the final report"
      " kept (%d bytes), screenshots in %s" % (len(expected), len(report), shots))
PY
wait "$run_pid" 2>/dev/null || true
run_pid=""
# the same port twice: the second run says so and stops, the first is not disturbed
"$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --report console --web 0 \
  --set stages.get.duration=4s >"$work/first.log" 2>&1 &
run_pid=$!
for _ in $(seq 1 600); do grep -q "Live view:" "$work/first.log" && break; sleep 0.1; done
port=$(sed -n 's#^Live view: http://127.0.0.1:\([0-9]*\)/.*#\1#p' "$work/first.log")
[ -n "$port" ] || { echo "web-view: FAILED: the first run did not say where its page is"; cat "$work/first.log"; exit 1; }
set +e
"$root/s3workload" run "$root/workloads/quickstart.yaml" --no-progress --web "$port" >"$work/second.log" 2>&1
second=$?
set -e
if [ "$second" != 2 ] || ! grep -q "^error: --web 127.0.0.1:$port: cannot listen there" "$work/second.log" \
   || grep -q "Exception\|\bat io\.s3workload" "$work/second.log"; then
  echo "web-view: FAILED: a second run on port $port: exit $second, said:"; cat "$work/second.log"; exit 1
fi
curl -sf "http://127.0.0.1:$port/state" >/dev/null || { echo "web-view: FAILED: the first run's page went away"; exit 1; }
wait "$run_pid"
run_pid=""
echo "web-view: OK: a second run on port $port: exit 2, '$(head -1 "$work/second.log")'"
