"""Joins BareLoop lines and an engine run's cell blocks into the client-efficiency table."""
import re
import sys

baseline = {}
for line in open(sys.argv[1]):
    op, size, c, ops, mib, cpu_gib, cpu_op, kib = line.split()
    baseline[(op.upper(), size, c)] = (float(ops), float(mib), float(cpu_op), float(kib), cpu_gib)

engine = {}
stage = cell = None
for line in open(sys.argv[2]):
    m = re.match(r"\[\d+/\d+\] (\S+) ", line)
    if m:
        stage = m.group(1)
    m = re.match(r"  (PUT|GET) (\S+) (\S+)  \(", line)
    if m:
        cell = (m.group(1), m.group(2) + m.group(3))
    m = re.search(r"\| ([\d.]+) MiB/s \| ([\d.]+) ops/s", line)
    if m:
        rate = (float(m.group(2)), float(m.group(1)))
    m = re.search(r"CPU        - .* ([\d.]+) CPU-s/GiB, ([\d.]+) CPU-ms/op, ([\d.]+) KiB allocated/op", line)
    if m and stage and not stage.startswith("warmup"):
        _, client, c = stage.split("-")
        engine[(cell[0], cell[1], c, client)] = rate + (float(m.group(2)), float(m.group(3)), m.group(1))

print("%-4s %-6s %3s | %-30s | %-40s | %-40s" % ("op", "size", "c", "baseline (sync, bare loop)",
                                                  "engine, sync", "engine, crt"))
print("%-4s %-6s %3s | %8s %8s %6s %6s | %8s %6s %6s %6s %6s | %8s %6s %6s %6s %6s" % (
    "", "", "", "ops/s", "MiB/s", "ms/op", "KiB/op", "ops/s", "x", "ms/op", "x", "KiB/op",
    "ops/s", "x", "ms/op", "x", "KiB/op"))
for c in ("16", "64"):
    for op in ("PUT", "GET"):
        for size in ("4KiB", "1MiB", "10MiB"):
            b = baseline.get((op, size, c))
            row = "%-4s %-6s %3s |" % (op, size, c)
            row += " %8.1f %8.1f %6.3f %6.1f |" % (b[0], b[1], b[2], b[3]) if b else " %33s |" % "-"
            for client in ("sync", "crt"):
                e = engine.get((op, size, c, client))
                if e and b:
                    row += " %8.1f %6.3f %6.3f %6.3f %6.1f |" % (e[0], e[0] / b[0], e[2], e[2] / b[2], e[3])
                elif e:
                    row += " %8.1f %6s %6.3f %6s %6.1f |" % (e[0], "-", e[2], "-", e[3])
                else:
                    row += " %40s |" % "-"
            print(row)
print()
print("x: engine / baseline (ops/s: higher is better; CPU-ms per op: lower is better). KiB/op: heap allocated"
      " per operation by the whole client process, AWS SDK included.")
