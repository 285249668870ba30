#!/usr/bin/env python3
"""The live page in Firefox, by hand (not in CI: Firefox is a 250 MB install; CI checks the page in Chromium with
src/e2e/web-view.sh). Starts Firefox headless with its built-in WebDriver BiDi (no geckodriver), runs the quickstart
with --web, opens the page, waits for its second update and for the run's end, reads each cell's operations from
the DOM and compares them with summary.json, and writes a screenshot.

Needs: firefox-esr (Debian) and the PyPI package websockets in the Python that runs this:
    python3 -m venv /tmp/ffvenv && /tmp/ffvenv/bin/pip install websockets
    /tmp/ffvenv/bin/python src/dev/web-view-firefox.py [SCREENSHOT.png]
"""
import asyncio, base64, json, os, re, socket, subprocess, sys, tempfile, time

import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Bidi:
    def __init__(self, ws):
        self.ws, self.next = ws, 0

    async def call(self, method, **params):
        self.next += 1
        ident = self.next
        await self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(await self.ws.recv())
            if message.get("id") == ident:
                if message.get("type") == "error":
                    raise RuntimeError(f"{method}: {message}")
                return message["result"]

    async def js(self, context, expression):
        result = await self.call("script.evaluate", expression=expression, target={"context": context},
                                 awaitPromise=True)
        if result.get("type") == "exception":
            raise RuntimeError(result["exceptionDetails"]["text"])
        return result["result"].get("value")


async def main(shot):
    work = tempfile.mkdtemp()
    port = free_port()
    firefox = subprocess.Popen(["firefox-esr", "--headless", "--remote-debugging-port", str(port), "--profile",
                                os.path.join(work, "profile"), "--no-remote"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    os.makedirs(os.path.join(work, "profile"))
    run = subprocess.Popen([os.path.join(ROOT, "s3workload"), "run", os.path.join(ROOT, "workloads/quickstart.yaml"),
                            "--no-progress", "--report", "console,json", "--out", os.path.join(work, "out"),
                            "--web", "0", "--set", "stages.get.duration=6s"], stdout=subprocess.PIPE, text=True)
    try:
        line = ""
        while "Live view:" not in line:
            line = run.stdout.readline()
        url = re.search(r"Live view: (\S+)", line).group(1)
        for _ in range(100):
            try:
                ws = await websockets.connect(f"ws://127.0.0.1:{port}/session", max_size=None)
                break
            except OSError:
                await asyncio.sleep(0.2)
        bidi = Bidi(ws)
        await bidi.call("session.new", capabilities={})
        context = (await bidi.call("browsingContext.getTree"))["contexts"][0]["context"]
        await bidi.call("browsingContext.navigate", context=context, url=url, wait="complete")
        version = await bidi.js(context, "navigator.userAgent")
        updates = lambda: bidi.js(context, "Number(document.body.getAttribute('data-updates'))")
        until = time.time() + 60
        while await updates() < 2 and time.time() < until:
            await asyncio.sleep(0.2)
        while await bidi.js(context, "document.querySelector('#plan li[data-state=running]') ? "
                                     "document.querySelector('#plan li[data-state=running]').dataset.stage : ''") != "get":
            await asyncio.sleep(0.2)
        await asyncio.sleep(3)
        if shot:
            png = await bidi.call("browsingContext.captureScreenshot", context=context)
            open(shot, "wb").write(base64.b64decode(png["data"]))
        until = time.time() + 120
        while not await bidi.js(context, "document.body.getAttribute('data-finished') === 'true'"):
            if time.time() > until:
                sys.exit("web-view-firefox: FAILED: the page never said the run ended")
            await asyncio.sleep(0.2)
        shown = json.loads(await bidi.js(context, "JSON.stringify(Object.fromEntries(Array.from(document.querySelectorAll("
                                                  "'tr[data-cell]')).map(tr => [tr.dataset.cell, Number(tr.querySelector("
                                                  "'td[data-k=ok]').dataset.v)])))"))
        report = await bidi.js(context, "fetch(document.getElementById('final-report').href).then(r => r.text())")
        await ws.close()
    finally:
        run.wait(timeout=120)
        firefox.terminate()
    summary = json.load(open(os.path.join(work, "out", "summary.json")))
    expected = {f"{s['name']}|{c['op']}|{c.get('size') or ''}|{c['endpoint']}": c["operations"]
                for s in summary["stages"] for c in s["cells"]}
    if shown != expected:
        sys.exit(f"web-view-firefox: FAILED: the page shows {shown}, summary.json has {expected}")
    if "<h1>" not in report:
        sys.exit("web-view-firefox: FAILED: the kept report is not report.html")
    print(f"web-view-firefox: OK in {version}: {len(expected)} cells equal summary.json's, the final report kept"
          f" ({len(report)} bytes){', screenshot ' + shot if shot else ''}")


asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else None))
