#!/usr/bin/env python3
"""Writes a linearizable history in s3workload's JSON lines (docs/consistency.md) to stdout, for the checker's bench.

  history-gen.py OPS KEYS PROCESSES [SEED]

PROCESSES run operations back to back on KEYS keys: reads, writes, compare-and-sets from the value the process last
read, creates, deletes and (2%) lists. Each operation lasts 0.05-5 ms and takes effect at a random instant inside
that span; the results (what a read returns, whether a conditional write succeeds, what a list names) are computed
by applying the operations in the order of those instants, so the history is linearizable by construction. One
write in 200 ends unknown (info), having taken effect or not at random. Every write writes a value of its own."""
import heapq, json, random, sys

ops_wanted, keys, procs = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
names = [f"k{i}" for i in range(keys)]
ops = []  # [invoke_ns, complete_ns, effect_ns, process, f, key, value]
clock = [0] * procs
for i in range(ops_wanted):
    p = i % procs
    inv = clock[p] + rnd.randint(1, 200_000)
    dur = min(5_000_000, int(rnd.expovariate(1 / 1_000_000)) + 50_000)
    eff = inv + rnd.randint(0, dur)
    clock[p] = inv + dur
    r = rnd.random()
    f = "read" if r < 0.45 else "write" if r < 0.70 else "cas" if r < 0.85 else "create" if r < 0.92 \
        else "delete" if r < 0.98 else "list"
    ops.append([inv, inv + dur, eff, p, f, None if f == "list" else rnd.choice(names), f"w{i}"])

state = {}           # key -> value present
last_read = {}       # (process, key) -> value the process last read
events = []
for op in sorted(ops, key=lambda o: o[2]):
    inv, comp, eff, p, f, key, value = op
    outcome, shown = "ok", None
    if f == "read":
        shown = state.get(key)
        last_read[(p, key)] = shown
    elif f == "write":
        if rnd.random() < 0.005:
            outcome = "info"
            if rnd.random() < 0.5:
                state[key] = value
        else:
            state[key] = value
        shown = value
    elif f == "cas":
        expected = last_read.get((p, key)) or state.get(key)
        if expected is None:
            f, shown = "create", value  # nothing seen yet: a create instead
            outcome = "ok" if key not in state else "fail"
            if outcome == "ok":
                state[key] = value
        else:
            shown = [expected, value]
            outcome = "ok" if state.get(key) == expected else "fail"
            if outcome == "ok":
                state[key] = value
    elif f == "create":
        shown = value
        outcome = "ok" if key not in state else "fail"
        if outcome == "ok":
            state[key] = value
    elif f == "delete":
        state.pop(key, None)
    else:
        shown = sorted(state)
    base = {"process": p, "f": f}
    if key is not None:
        base["key"] = key
    invoke = dict(base, type="invoke", time=inv)
    done = dict(base, type=outcome, time=comp)
    if f in ("write", "create", "cas"):
        invoke["value"] = shown
        done["value"] = shown
    elif f in ("read", "list"):
        done["value"] = shown
    events.append((inv, 0, invoke))
    if outcome != "info":
        events.append((comp, 1, done))
    else:
        events.append((comp, 1, dict(done, type="info")))
events.sort(key=lambda e: (e[0], e[1]))
out = sys.stdout
for _, _, e in events:
    out.write(json.dumps(e, separators=(", ", ": ")) + "\n")
