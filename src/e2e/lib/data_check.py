"""The e2e data check (src/e2e/data.sh): runs the jar against `s3workload server --backend fs` once per data
setting, then measures the stored files as a data-reducing store would see them: fixed 4 KiB-block dedupe over
everything the run wrote, zstd (--long=27, and the default level) and gzip."""
import gzip
import hashlib
import os
import ports
import subprocess
import sys

JAVA, JAR, WORK = sys.argv[1:4]
DATA = os.path.join(WORK, "data")
BLOCK = 4096
failures = []


def run(name, port, stages):
    """Runs a workload that keeps its objects; returns the directory they were stored in."""
    path = os.path.join(WORK, name + ".yaml")
    with open(path, "w") as f:
        f.write(f"""bucket: {name}
createBucket: true
keep: true
seed: 11
endpoints:
  local: {{url: "http://127.0.0.1:{port}", credentials: {{accessKey: s3workload, secretKey: s3workload-secret}}}}
stages:
{stages}
""")
    done = subprocess.run([JAVA, "-jar", JAR, "run", path, "--no-progress", "--out", os.path.join(WORK, "results-" + name)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"e2e data: FAILED: the {name} run exited {done.returncode}: {done.stderr[-2000:]}")
    return os.path.join(DATA, name)


def files(directory, under=""):
    out = []
    for dirpath, _, names in os.walk(directory):
        out += [os.path.join(dirpath, n) for n in names if under in os.path.join(dirpath, n)]
    return sorted(out)


def dedupe(paths):
    """Fixed 4 KiB-block dedupe over the files: (blocks, distinct blocks)."""
    seen = set()
    total = 0
    for p in paths:
        with open(p, "rb") as f:
            while block := f.read(BLOCK):
                total += 1
                seen.add(hashlib.blake2b(block, digest_size=16).digest())
    return total, len(seen)


def zstd_size(paths, *options):
    """Bytes zstd makes of the files concatenated, with the given options."""
    cat = subprocess.Popen(["cat", *paths], stdout=subprocess.PIPE)
    z = subprocess.run(["zstd", "-q", "-c", "-T1", *options], stdin=cat.stdout, capture_output=True, check=True)
    cat.wait()
    return len(z.stdout)


def per_file(paths, compress):
    """(original, compressed) bytes over the files, each compressed on its own."""
    original = packed = 0
    for p in paths:
        data = open(p, "rb").read()
        original += len(data)
        packed += compress(data)
    return original, packed


def check(what, measured, low, high, unit=""):
    ok = low <= measured <= high
    print(f"  {what:<62} {measured:8.3f}{unit}  ({'ok' if ok else 'MISSED'}: {low:g} to {high:g})")
    if not ok:
        failures.append(what)


def zstd_one(data):
    return len(subprocess.run(["zstd", "-q", "-c", "-T1"], input=data, capture_output=True, check=True).stdout)


def main():
    os.makedirs(DATA)
    port = ports.free_port()
    server = subprocess.Popen([JAVA, "-jar", JAR, "server", "--backend", "fs", "--dir", DATA, "--port", str(port)],
                              stdout=open(os.path.join(WORK, "server.log"), "w"), stderr=subprocess.STDOUT)
    try:
        ports.wait_port(port, "e2e data")
        print("e2e data: default data (unique), 300 x 1 MiB and 1 x 256 MiB", flush=True)
        d = run("unique", port, "  - {name: small, kind: put, size: 1MiB, objects: 300, concurrency: 4}\n"
                               "  - {name: large, kind: put, size: 256MiB, objects: 1, concurrency: 1}")
        small, large = files(d, "/small/"), files(d, "/large/")
        total, distinct = dedupe(small + large)
        check("repeated 4 KiB blocks over the run (%)", 100 * (total - distinct) / total, 0, 1, "%")
        big = os.path.getsize(large[0])
        check("zstd --long=27 gain on the 256 MiB object (%)",
              100 * (1 - zstd_size(large, "--long=27", "-3") / big), -1, 2, "%")
        concatenated = sum(os.path.getsize(p) for p in small)
        check("zstd --long=27 gain on the 1 MiB objects concatenated (%)",
              100 * (1 - zstd_size(small, "--long=27", "-3") / concatenated), -1, 2, "%")

        for name, data, compress, ratio in (("compressible", "{compressible: 2.0}", 2.0, None),
                                            ("dedupe", "{dedupe: 3.0}", None, 3.0),
                                            ("both", "{compressible: 2.0, dedupe: 3.0}", 2.0, 3.0)):
            print(f"e2e data: data: {data}, 200 x 1 MiB", flush=True)
            d = run(name, port, f"  - {{name: put, kind: put, size: 1MiB, objects: 200, concurrency: 4,"
                                f" data: {data}}}")
            paths = files(d)
            total, distinct = dedupe(paths)
            if ratio:
                check(f"4 KiB-block dedupe ratio (x{ratio:g} asked)", total / distinct, ratio * 0.9, ratio * 1.1)
            else:
                check("repeated 4 KiB blocks (%)", 100 * (total - distinct) / total, 0, 1, "%")
            if compress:
                sample = paths[:50]
                original, packed = per_file(sample, zstd_one)
                check(f"zstd (default level) ratio, each object (x{compress:g} asked)", original / packed,
                      compress * 0.9, compress * 1.1 if not ratio else compress * ratio * 1.1)
                original, packed = per_file(sample, lambda b: len(gzip.compress(b, 6)))
                check(f"gzip -6 ratio, each object (x{compress:g} asked)", original / packed,
                      compress * 0.9, compress * 1.1 if not ratio else compress * ratio * 1.1)
            else:
                original, packed = per_file(paths[:50], zstd_one)
                check("zstd (default level) ratio, each object (dedupe alone)", original / packed, 0, 1.1 * ratio)
    finally:
        server.kill()
        server.wait()
    if failures:
        print("e2e data: FAILED: " + "; ".join(failures))
        sys.exit(1)
    print("e2e data: OK")


main()
