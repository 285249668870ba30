"""The fault matrix of src/e2e/faults.sh: s3workload (the shaded jar, its own JVM) runs against the standalone
`s3workload server` (fs backend, its own JVM) through the fault front (io.s3workload.testing.FaultFront, a third
process), each scenario with a fixed fault schedule; the checks read summary.json, the front's counts, the server's
directory and the clock. Prints one line per scenario and a matrix; exits 1 on any failed check.

    python3 fault_matrix.py JAVA JAR CLASSPATH WORKDIR
"""
import datetime
import glob
import json
import os
import signal
import ports
import subprocess
import sys
import time

JAVA, JAR, CLASSPATH, WORK = sys.argv[1:5]
BUCKET = "bench"
DATA = os.path.join(WORK, "data")
failures = []
matrix = []


def wait_port(port, seconds=60):
    ports.wait_port(port, "e2e faults", seconds)


def default_signals():
    # A child of a shell that ignores SIGINT (a background job) would inherit that; the user's terminal does not.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_server(port):
    log = open(os.path.join(WORK, f"server-{port}.log"), "a")
    p = subprocess.Popen([JAVA, "-jar", JAR, "server", "--backend", "fs", "--dir", DATA, "--port", str(port)],
                         stdout=log, stderr=subprocess.STDOUT)
    wait_port(port)
    return p


class Front:
    """The fault front process: RULE = METHOD,TARGET_REGEX,FAULT,EVERY,FROM[,MOST]."""

    def __init__(self, upstream_port, *rules):
        self.dir = os.path.join(WORK, f"front-{time.time_ns()}")
        os.makedirs(self.dir)
        self.rules = rules
        log = open(os.path.join(self.dir, "front.log"), "w")
        self.process = subprocess.Popen(
            [JAVA, "-cp", CLASSPATH, "io.s3workload.testing.FaultFront", f"http://127.0.0.1:{upstream_port}",
             os.path.join(self.dir, "port"), os.path.join(self.dir, "counts"), "1h", *rules],
            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while not os.path.exists(os.path.join(self.dir, "port")):
            if time.time() > deadline or self.process.poll() is not None:
                raise SystemExit("e2e faults: FAILED: the fault front did not start: "
                                 + open(os.path.join(self.dir, "front.log")).read())
            time.sleep(0.1)
        self.port = int(open(os.path.join(self.dir, "port")).read())

    def counts(self):
        """Per rule: (method, fault, matched, injected)."""
        rows = [line.split() for line in open(os.path.join(self.dir, "counts")).read().splitlines()]
        return [(r[1], r[2], int(r[3]), int(r[4])) for r in rows]

    def stop(self):
        self.process.kill()
        self.process.wait()


def workload(name, port, stages, prefix="s3workload", keep=False):
    """A workload file; with no stages, one that only names the endpoint (for `s3workload cleanup`)."""
    stages = stages or "  - {name: put, kind: put, sizes: [1KiB], objects: 1}"
    path = os.path.join(WORK, name + ".yaml")
    with open(path, "w") as f:
        f.write(f"""name: {name}
bucket: {BUCKET}
createBucket: true
prefix: {prefix}
keep: {str(keep).lower()}
endpoints:
  local: {{url: "http://127.0.0.1:{port}", credentials: {{accessKey: s3workload, secretKey: s3workload-secret}}}}
defaults: {{retries: 0}}
stages:
{stages}
""")
    return path


def run(name, port, stages, extra=(), stop=None, keep=False, prefix="s3workload"):
    """Runs a workload; `stop(process)` may signal it. Returns (exit code, summary, seconds from the first signal
    to the exit, console text)."""
    path = workload(name, port, stages, prefix, keep)
    out = os.path.join(WORK, "results-" + name)
    log = open(os.path.join(WORK, name + ".log"), "w")
    p = subprocess.Popen([JAVA, "-jar", JAR, "run", path, "--no-progress", "--report", "console,json", "--out", out,
                          *extra], stdout=log, stderr=subprocess.STDOUT, cwd=WORK, preexec_fn=default_signals)
    signalled = stop(p) if stop else None
    code = p.wait(timeout=600)
    exit_seconds = time.time() - signalled if signalled else None
    text = open(os.path.join(WORK, name + ".log")).read()
    summaries = glob.glob(os.path.join(out, "**", "summary.json"), recursive=True)
    summary = json.load(open(summaries[0])) if summaries else None
    return code, summary, exit_seconds, text


def check(scenario, condition, what):
    if not condition:
        failures.append(f"{scenario}: {what}")
        print(f"  FAILED: {what}")


def cells(summary):
    return {(s["name"], c["op"]): c for s in summary["stages"] for c in s["cells"]}


def objects_under(prefix):
    root = os.path.join(DATA, BUCKET, prefix)
    found = []
    for directory, _, files in os.walk(root):
        found += [os.path.relpath(os.path.join(directory, f), os.path.join(DATA, BUCKET)) for f in files]
    return found


def manifests():
    return glob.glob(os.path.join(WORK, "s3workload-cleanup-*.txt"))


def counted_adds_up(scenario, summary, planned):
    for (stage, op), c in cells(summary).items():
        if (stage, op) in planned:
            check(scenario, c["operations"] + c["errors"] == planned[(stage, op)],
                  f"{stage} {op}: {c['operations']} successes + {c['errors']} errors != {planned[(stage, op)]}")


def injected(front, method, fault):
    return sum(i for m, f, _, i in front.counts() if m == method and f == fault)


def wait_for(predicate, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise SystemExit(f"e2e faults: FAILED: waited {seconds} s for {what}")


# --- the scenarios ---------------------------------------------------------------------------------------------

DATA_STAGES = """  - {name: put, kind: put, sizes: [64KiB], objects: 100, operations: 300, concurrency: 4}
  - {name: get, kind: get, from: put, operations: 600, verify: true, concurrency: 4}
  - {name: head, kind: head, from: put, operations: 300, concurrency: 4}"""
OBJECT = "/bench/s3workload/.*"


def transient(server_port):
    """Every fault that may pass, on data operations and on the tool's own requests."""
    name = "transient"
    print(f"{name}: 503/500/resets/truncations on PUT, GET, HEAD; the bucket check, listing, deletes and upload"
          " listing each fail once")
    front = Front(server_port,
                  "HEAD,/bench,INTERNAL_ERROR,1,1,1",
                  f"PUT,{OBJECT},SLOW_DOWN,10,5",
                  f"PUT,{OBJECT},LOST_RESPONSE,25,13",
                  f"PUT,{OBJECT},RESET_BEFORE_RESPONSE,30,8",
                  f"GET,{OBJECT},TRUNCATED_BODY,15,7",
                  f"GET,{OBJECT},INTERNAL_ERROR,20,3",
                  f"GET,{OBJECT},RESET_MID_BODY,40,11",
                  f"HEAD,{OBJECT},RESET_BEFORE_RESPONSE,12,2",
                  f"HEAD,{OBJECT},SLOW_DOWN,30,4",
                  "GET,/bench\\?.*list-type=2.*,TRUNCATED_BODY,1,1,1",
                  "POST,/bench\\?delete.*,RESET_BEFORE_RESPONSE,1,1,1",
                  "GET,/bench\\?uploads.*,RESET_BEFORE_RESPONSE,1,1,1")
    code, summary, _, text = run(name, front.port, DATA_STAGES)
    front.stop()
    check(name, code == 0 and summary is not None, f"exit code {code}, expected 0:\n{text[-3000:]}")
    if summary is None:
        return
    counted_adds_up(name, summary, {("put", "PUT"): 300, ("get", "GET"): 600, ("head", "HEAD"): 300})
    c = cells(summary)
    expected = {
        ("put", "PUT"): {"HTTP 503 SlowDown": injected(front, "PUT", "SLOW_DOWN"),
                         "connection reset": injected(front, "PUT", "LOST_RESPONSE")
                         + injected(front, "PUT", "RESET_BEFORE_RESPONSE")},
        ("get", "GET"): {"truncated body": injected(front, "GET", "TRUNCATED_BODY") - 1,  # one was the listing's
                         "HTTP 500 InternalError": injected(front, "GET", "INTERNAL_ERROR"),
                         "connection reset": injected(front, "GET", "RESET_MID_BODY")},
        ("head", "HEAD"): {"connection reset": injected(front, "HEAD", "RESET_BEFORE_RESPONSE"),
                           "HTTP 503": injected(front, "HEAD", "SLOW_DOWN")},
    }
    for cell, classes in expected.items():
        got = c[cell]["errorsByClass"]
        want = {k: v for k, v in classes.items() if v > 0}
        check(name, got == want, f"{cell[0]} errors by class {got}, faults injected {want}")
        matrix.append((name, cell[1], ", ".join(f"{k} {v}" for k, v in want.items()),
                       ", ".join(f"{k} {v}" for k, v in got.items())))
    false_404 = {k: v for cell in c.values() for k, v in cell["errorsByClass"].items() if "404" in k}
    check(name, not false_404, f"reads of keys whose PUT failed counted as storage errors: {false_404}")
    for method, fault in (("HEAD", "INTERNAL_ERROR"), ("GET", "RESET_BEFORE_RESPONSE"),
                          ("POST", "RESET_BEFORE_RESPONSE")):
        check(name, injected(front, method, fault) == 1, f"the {method} {fault} of the tool's own requests was"
              " not injected")
    matrix.append((name, "own requests", "bucket check HTTP 500, listing truncated, DeleteObjects reset, upload"
                   " listing reset", f"exit {code}, all retried"))
    cleanup_checks(name, summary)


def cleanup_checks(name, summary, expect_complete=True):
    cleanup = summary["cleanup"]
    prefix = summary["run"]["prefix"]
    left = objects_under(prefix)
    if expect_complete:
        check(name, cleanup["exact"] and cleanup["leftBehind"] == 0 and "manifest" not in cleanup,
              f"cleanup not complete: {cleanup}")
        check(name, not left, f"{len(left)} objects still under {prefix}: {left[:3]}")
        matrix.append((name, "cleanup", "-", f"removed {cleanup['removed']}, left 0, bucket has {len(left)}"))


PUTS = "  - {name: put, kind: put, sizes: [64KiB], objects: 1000, concurrency: 4}"


def once_stalled(front, *signals):
    """A `stop` for run(): once 4 PUTs hang at the front, sends `signals` 1 s apart; returns the last one's time."""
    def stop(p):
        wait_for(lambda: front.counts()[0][3] >= 4, 120, "4 stalled PUTs")
        time.sleep(0.5)
        for i, sig in enumerate(signals):
            if i:
                time.sleep(1)
            sent = time.time()
            p.send_signal(sig)
        return sent
    return stop


def stall_then_sigterm(server_port):
    """The server stops answering PUTs mid-stage; SIGTERM must end the run at once, cleanup included."""
    name = "stall-sigterm"
    print(f"{name}: from the 41st PUT on, no answer; SIGTERM once 4 PUTs hang")
    front = Front(server_port, f"PUT,{OBJECT},STALL_HEADERS,1,41")

    code, summary, seconds, text = run(name, front.port, PUTS, stop=once_stalled(front, signal.SIGTERM))
    front.stop()
    check(name, code == 130, f"exit code {code}, expected 130:\n{text[-2000:]}")
    # the stalled PUTs never end on their own: the stop ends them (a second or two here); the bound tells that from a
    # run that waited for them, not a busy machine's pace
    check(name, seconds is not None and seconds < 30, f"exited {seconds:.1f} s after SIGTERM, expected < 30 s")
    matrix.append((name, "SIGTERM", "4 PUTs stalled", f"exit {code} after {seconds:.2f} s"))
    if summary is None:
        failures.append(f"{name}: no summary.json")
        return
    put = cells(summary)[("put", "PUT")]
    check(name, put["errorsByClass"] == {"interrupted: run stopped": 4},
          f"PUT errors {put['errorsByClass']}, expected the 4 stalled ones as 'interrupted: run stopped'")
    check(name, put["operations"] + put["errors"] == 44, f"{put['operations']} + {put['errors']} != 44 PUTs sent")
    cleanup_checks(name, summary)


EVERYTHING_STALLS = (f"PUT,{OBJECT},STALL_HEADERS,1,41", "GET,.*,STALL_HEADERS,1,1", "POST,.*,STALL_HEADERS,1,1",
                     "DELETE,.*,STALL_HEADERS,1,1", "HEAD,.*,STALL_HEADERS,1,2")


def everything_stalls(server_port):
    """The server stops answering anything: the cleanup's deadline ends it, the manifest says what may be left, and
    `s3workload cleanup --manifest` finishes the job once the server answers."""
    name = "stall-deadline"
    print(f"{name}: from the 41st PUT on, nothing is answered; SIGTERM; --cleanup-timeout 4s")
    front = Front(server_port, *EVERYTHING_STALLS)

    before = set(manifests())
    code, summary, seconds, text = run(name, front.port, PUTS, extra=("--cleanup-timeout", "4s"),
                                       stop=once_stalled(front, signal.SIGTERM))
    front.stop()
    check(name, code == 130, f"exit code {code}, expected 130:\n{text[-2000:]}")
    # nothing ever answers: only the 4 s cleanup timeout (and its grace) ends the run (about 7 s here)
    check(name, seconds is not None and seconds < 30, f"exited {seconds:.1f} s after SIGTERM, expected"
          " within the 4 s cleanup timeout and its grace, far from never")
    new = sorted(set(manifests()) - before)
    check(name, len(new) == 1, f"expected one new manifest, found {new}")
    if summary is None or len(new) != 1:
        failures.append(f"{name}: no summary.json or manifest")
        return
    cleanup = summary["cleanup"]
    check(name, not cleanup["exact"] and cleanup.get("manifest"), f"cleanup should say it is not exact: {cleanup}")
    manifest = open(new[0]).read()
    prefix = summary["run"]["prefix"]
    check(name, "unlisted" in manifest and f"range {prefix}put/64KiB/ 44" in manifest,
          f"the manifest should name the unlisted prefix and the 44 keys the run tried:\n{manifest}")
    stored = len(objects_under(prefix))
    matrix.append((name, "SIGTERM", "everything stalled", f"exit {code} after {seconds:.2f} s; manifest: prefix"
                   f" unlisted + 44 keys; bucket holds {stored}"))
    finish = subprocess.run([JAVA, "-jar", JAR, "cleanup", workload(name, server_port, ""), "--manifest", new[0]],
                            capture_output=True, text=True, cwd=WORK)
    left = objects_under(prefix)
    check(name, finish.returncode == 0 and not left and not os.path.exists(new[0]),
          f"cleanup --manifest: exit {finish.returncode}, {len(left)} left:\n{finish.stdout}{finish.stderr}")
    matrix.append((name, "cleanup --manifest", "-", f"exit {finish.returncode}, removed {stored}, left {len(left)}"))


def second_interrupt(server_port):
    """Ctrl-C, then Ctrl-C again during the cleanup: it is skipped, the manifest is still written."""
    name = "double-ctrl-c"
    print(f"{name}: everything stalls; SIGINT, then SIGINT again 1 s later")
    front = Front(server_port, *EVERYTHING_STALLS)
    before = set(manifests())
    code, summary, seconds, text = run(name, front.port, PUTS,
                                       stop=once_stalled(front, signal.SIGINT, signal.SIGINT))
    front.stop()
    new = sorted(set(manifests()) - before)
    check(name, code == 130, f"exit code {code}, expected 130:\n{text[-2000:]}")
    check(name, seconds is not None and seconds < 30, f"exited {seconds:.1f} s after the second SIGINT, expected"
          " < 30 s (nothing answers: the skipped cleanup is all that ends it)")
    check(name, len(new) == 1 and summary is not None and "skipped (a second Ctrl-C)" in text,
          f"expected the skipped cleanup's manifest and message; manifests {new}:\n{text[-1500:]}")
    matrix.append((name, "SIGINT x2", "everything stalled", f"exit {code} {seconds:.2f} s after the second;"
                   f" manifest written: {len(new) == 1}"))
    for m in new:
        subprocess.run([JAVA, "-jar", JAR, "cleanup", workload(name, server_port, ""), "--manifest", m],
                       capture_output=True, cwd=WORK)


def server_restart(server, server_port):
    """The server is killed mid-stage and comes back 1 s later: the run goes on, counts add up, the reads after it
    find every key whose PUT succeeded, cleanup completes."""
    name = "server-restart"
    print(f"{name}: the server is killed (SIGKILL) 2 s into a 30 s PUT stage and restarted 1 s later")
    # 30 s: the outage and the restart (the server's JVM takes seconds to listen, more on a busy machine) fall within
    # the PUT stage whatever the machine's pace
    stages = """  - {name: put, kind: put, sizes: [16KiB], objects: 200, duration: 30s, concurrency: 4}
  - {name: get, kind: get, from: put, operations: 400, verify: true, concurrency: 4}"""
    state = {}

    def stop(p):
        wait_for(lambda: os.path.exists(os.path.join(WORK, name + ".log")) and "[1/2] put" in open(
            os.path.join(WORK, name + ".log")).read(), 120, "the put stage")
        time.sleep(2)
        server.kill()
        server.wait()
        time.sleep(1)
        state["server"] = start_server(server_port)
        state["up"] = time.time()
        return None

    code, summary, _, text = run(name, server_port, stages, stop=stop)
    check(name, code == 0 and summary is not None, f"exit code {code}, expected 0:\n{text[-3000:]}")
    if summary is not None:
        started = datetime.datetime.fromisoformat(summary["run"]["startedAt"].replace("Z", "+00:00")).timestamp()
        get_start = started + [s for s in summary["stages"] if s["name"] == "get"][0]["startSeconds"]
        check(name, "up" in state and get_start > state["up"], "the get stage started before the server was back:"
              " the scenario is mis-timed")
    if summary is None:
        return state.get("server", server)
    c = cells(summary)
    put, get = c[("put", "PUT")], c[("get", "GET")]
    outage = {"connection refused", "connection reset", "truncated body", "timeout"}
    check(name, put["errors"] > 0 and set(put["errorsByClass"]) <= outage,
          f"PUT errors during the outage should be of {outage}: {put['errorsByClass']}")
    # the outage as a window: one, counting the refused operations, about as long as the server was down; and the
    # 4 workers backed off instead of failing as fast as the kernel refuses (145,240 refusals in ~3 s before)
    refused = put["errorsByClass"].get("connection refused", 0)
    windows = put.get("outages") or []
    check(name, len(windows) == 1 and windows[0]["failed"] == refused and "toEpochMs" in windows[0],
          f"one closed outage window counting the {refused} refused PUTs: {windows}")
    if windows and "up" in state and "toEpochMs" in windows[0]:
        check(name, abs(windows[0]["toEpochMs"] / 1e3 - state["up"]) < 3.0 and 0.5 < windows[0]["seconds"] < 30,
              f"the window should end as the server came back ({state['up']:.3f}): {windows[0]}")
    # each worker waits 50 ms doubling to 1 s (jittered down to half): at most 7 refusals in the first 1.5 s, then
    # one every half second at the most, for as long as the outage lasted
    down = windows[0]["seconds"] if windows else 3.0
    most = 4 * (8 + int(max(0.0, down - 1.5) / 0.5))
    check(name, 0 < refused <= most, f"4 workers backing off over a {down:.1f} s outage: {refused} refused, {most}"
          " at most")
    check(name, get["operations"] + get["errors"] == 400 and get["errors"] == 0,
          f"GETs after the restart: {get['operations']} + {get['errors']} errors {get['errorsByClass']}")
    matrix.append((name, "PUT", "server down ~3 s (kill, restart)", ", ".join(f"{k} {v}" for k, v in put["errorsByClass"].items())
                   + f"; {put['operations']} ok; outage " + ", ".join(f"{w['seconds']:.1f} s" for w in windows)))
    matrix.append((name, "GET", "-", f"{get['operations']} ok, {get['errors']} errors"))
    cleanup_checks(name, summary)
    return state.get("server", server)


def main():
    os.makedirs(DATA, exist_ok=True)
    server_port = ports.free_port()
    server = start_server(server_port)
    try:
        code, summary, _, text = run("decoys", server_port,
                                     "  - {name: put, kind: put, sizes: [1KiB], objects: 5}", keep=True,
                                     prefix="decoys")
        decoys = objects_under("decoys")
        check("decoys", code == 0 and len(decoys) == 5, f"could not write 5 decoys: {code}\n{text[-1000:]}")
        transient(server_port)
        stall_then_sigterm(server_port)
        everything_stalls(server_port)
        second_interrupt(server_port)
        server = server_restart(server, server_port)
        check("decoys", sorted(objects_under("decoys")) == sorted(decoys),
              "objects outside the run prefixes were touched")
        matrix.append(("all", "decoys outside the prefix", "-", f"{len(objects_under('decoys'))} of 5 intact"))
    finally:
        server.kill()
    print()
    print(f"{'scenario':<16} {'what':<26} {'faults injected':<48} outcome")
    for row in matrix:
        print(f"{row[0]:<16} {row[1]:<26} {row[2]:<48} {row[3]}")
    if failures:
        print("\ne2e faults: FAILED:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print("\ne2e faults: OK")


main()
