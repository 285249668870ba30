#!/usr/bin/env python3
"""jit-ticks.py PID SECONDS: the CPU clock ticks (user + system) a JVM's JIT compiler threads spent over the next
SECONDS, read from /proc/PID/task/*/stat every 0.5 s. HotSpot starts and stops compiler threads as its queue
grows and drains, and an ended thread's ticks are no longer listed, so each thread counts from its first sample
(0 when it started within the window) to its last one: at most half a second of a thread that ended is missed.
Used by vs-warp.sh to show how much of a JVM client's CPU in its window was the JIT's one-off work."""
import os, sys, time

pid, seconds = sys.argv[1], float(sys.argv[2])
first, last = {}, {}

def sample(initial):
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                text = f.read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        if not (name.startswith("C1 CompilerThre") or name.startswith("C2 CompilerThre")):
            continue
        fields = text[text.rindex(")") + 2:].split()
        ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
        first.setdefault(tid, ticks if initial else 0)
        last[tid] = ticks

end = time.monotonic() + seconds
sample(True)
while time.monotonic() < end:
    time.sleep(min(0.5, max(0.0, end - time.monotonic())))
    sample(False)
print(sum(last[t] - first[t] for t in last))
