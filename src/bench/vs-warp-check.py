#!/usr/bin/env python3
"""Compares a vs-warp.sh table (its JSON) with the committed one and says which rows got worse.

    src/bench/vs-warp-check.py NEW.json [BASELINE.json]      (baseline: src/bench/vs-warp-baseline.json)

A row is s3workload's figures for one operation, size and concurrency. It got worse when, by more than 10%
(THRESHOLD, in percent, from the environment):
  - its client CPU per MiB (per operation for small objects) relative to warp's grew, or
  - its throughput relative to warp's fell.
Ratios to warp measured in the same run are compared, not absolute figures: they carry over between machines and
days, where the absolute ones move with the machine (a busy neighbour, another kernel). The absolute figures are
printed beside them. Exit code 1 when a row got worse, 2 on bad input; rows only one table has are listed, not judged.
Run it before touching the request path, and again after (it is not part of CI: a table takes ~30 minutes).
"""
import json
import os
import sys

THRESHOLD = float(os.environ.get("THRESHOLD", "10"))


def load(path):
    try:
        with open(path) as f:
            table = json.load(f)
        rows = {}
        for r in table["rows"]:
            if r["tool"] == table["peer"]:
                continue
            rows[(r["op"], r["size"], r["concurrency"], r["tool"])] = r
        return table, rows
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"vs-warp-check: {path}: not a vs-warp.sh table ({e.__class__.__name__}: {e})", file=sys.stderr)
        sys.exit(2)


def change(new, old):
    return None if new is None or old is None or old == 0 else 100.0 * (new - old) / old


def fmt(x, digits=3):
    return "-" if x is None else f"{x:.{digits}f}"


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    new_path = sys.argv[1]
    old_path = sys.argv[2] if len(sys.argv) == 3 else os.path.join(here, "vs-warp-baseline.json")
    new_table, new = load(new_path)
    old_table, old = load(old_path)
    print(f"vs-warp-check: {new_path} ({new_table['commit']}, {new_table['date']}) against {old_path}"
          f" ({old_table['commit']}, {old_table['date']}); worse = more than {THRESHOLD:g}% worse relative to"
          f" {new_table['peer']}")
    header = ("row", "CPU vs peer", "was", "change", "ops/s vs peer", "was", "change", "CPU", "was", "verdict")
    lines = [header]
    worse = []
    for key in sorted(set(new) & set(old), key=lambda k: (k[0], k[1].endswith("MiB"), int(k[1].rstrip("KiMB")), k[2])):
        n, o = new[key], old[key]
        cpu_change = change(n.get("cpuVsPeer"), o.get("cpuVsPeer"))
        ops_change = change(n.get("opsVsPeer"), o.get("opsVsPeer"))
        reasons = []
        if cpu_change is not None and cpu_change > THRESHOLD:
            reasons.append(f"CPU +{cpu_change:.0f}%")
        if ops_change is not None and ops_change < -THRESHOLD:
            reasons.append(f"throughput {ops_change:.0f}%")
        name = f"{key[0]} {key[1]} c{key[2]} {key[3]}"
        if reasons:
            worse.append(f"{name}: {', '.join(reasons)}")
        lines.append((name, fmt(n.get("cpuVsPeer"), 2), fmt(o.get("cpuVsPeer"), 2),
                      "-" if cpu_change is None else f"{cpu_change:+.0f}%", fmt(n.get("opsVsPeer"), 2),
                      fmt(o.get("opsVsPeer"), 2), "-" if ops_change is None else f"{ops_change:+.0f}%",
                      f"{fmt(n.get('cpu'))} {n['cpuUnit']}", fmt(o.get("cpu")), "WORSE" if reasons else "ok"))
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(header))]
    for line in lines:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(line, widths))))
    for key in sorted(set(new) ^ set(old)):
        print(f"only in {'the new table' if key in new else 'the baseline'}: {key[0]} {key[1]} c{key[2]} {key[3]}")
    if worse:
        print(f"\n{len(worse)} row(s) worse by more than {THRESHOLD:g}%:")
        for w in worse:
            print("  " + w)
        return 1
    print(f"\nno row worse by more than {THRESHOLD:g}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
