#!/usr/bin/env python3
"""Writes a synthetic trace in the S3 server access log format (docs/replay.md), to stdout.

  src/bench/trace-gen.py --ops 10000000 --seconds 3600 --keys 100000 > big.log
  src/bench/trace-gen.py --ops 600 --seconds 10 --keys 60 --seed 7 > workloads/traces/sample-access.log

Operations: GET (some ranged, a few of keys never written: 404), PUT, HEAD, DELETE, a LIST now and then, and a
multipart upload every so often; sizes from 1 KiB to 4 MiB, log-uniform; times spread over the seconds with bursts.
Deterministic for a seed. Not a store's real log: a load with the shape of one, to measure the reader and the replay.
"""
import argparse
import random
import sys
import calendar
import time
import urllib.parse

p = argparse.ArgumentParser()
p.add_argument('--ops', type=int, default=1000)
p.add_argument('--seconds', type=int, default=60)
p.add_argument('--keys', type=int, default=100)
p.add_argument('--seed', type=int, default=1)
p.add_argument('--start', default='2026-11-26T10:00:00')
a = p.parse_args()
rnd = random.Random(a.seed)
start = calendar.timegm(time.strptime(a.start, "%Y-%m-%dT%H:%M:%S"))
owner = '79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be'
bucket = 'amzn-s3-demo-bucket1'
out = sys.stdout
sizes = {}


def key(i):
    return f"data/{i % 7}/obj {i}.bin" if i % 5 == 0 else f"data/{i % 7}/obj-{i}.bin"


def size_for(k):
    if k not in sizes:
        sizes[k] = int(1024 * (4096 ** rnd.random()))
    return sizes[k]


def line(t, op, k, uri, status, err, sent, size, total, turn):
    stamp = time.strftime('%d/%b/%Y:%H:%M:%S +0000', time.gmtime(t))
    enc = urllib.parse.quote(k, safe='/') if k else '-'
    req = f'"{uri}"' if uri else '-'
    out.write(f'{owner} {bucket} [{stamp}] 192.0.2.3 {owner} {rnd.getrandbits(64):016X} {op} {enc} {req} {status} '
              f'{err} {sent} {size} {total} {turn} "-" "trace-gen/1.0" - hostid= SigV4 '
              f'ECDHE-RSA-AES128-GCM-SHA256 AuthHeader {bucket}.s3.us-east-1.amazonaws.com TLSv1.2 - -\n')


written = set()
deleted = set()
touched = {}
n = 0
per_second = [0] * a.seconds
for i in range(a.ops):  # bursts: some seconds busier than others
    per_second[min(a.seconds - 1, int(a.seconds * (rnd.random() ** 1.3)))] += 1
for s, count in enumerate(per_second):
    t = start + s
    for _ in range(count):
        i = rnd.randrange(a.keys)
        for _ in range(8):  # a key once a second: within a second a log's order is not the store's
            if touched.get(key(i)) != s:
                break
            i = rnd.randrange(a.keys)
        k = key(i)
        touched[k] = s
        path = f"/{bucket}/{urllib.parse.quote(k, safe='/')}"
        r = rnd.random()
        size = size_for(k)
        lat = max(1, int(rnd.expovariate(1 / 20)))
        exists = k in written or k not in deleted  # a key the trace has not touched is there before it
        if r < 0.5:
            if not exists:
                line(t, 'REST.GET.OBJECT', k, f"GET {path} HTTP/1.1", 404, 'NoSuchKey', 243, '-', lat, '-')
            elif rnd.random() < 0.03:
                line(t, 'REST.GET.OBJECT', f"missing/{i}.bin", f"GET /{bucket}/missing/{i}.bin HTTP/1.1", 404,
                     'NoSuchKey', 243, '-', lat, '-')
            elif rnd.random() < 0.2:
                sent = min(size, 65536)
                line(t, 'REST.GET.OBJECT', k, f"GET {path} HTTP/1.1", 206, '-', sent, size, lat, max(1, lat // 2))
            else:
                line(t, 'REST.GET.OBJECT', k, f"GET {path} HTTP/1.1", 200, '-', size, size, lat, max(1, lat // 2))
        elif r < 0.75:
            line(t, 'REST.PUT.OBJECT', k, f"PUT {path} HTTP/1.1", 200, '-', '-', size, lat, max(1, lat // 3))
            written.add(k)
            deleted.discard(k)
        elif r < 0.87:
            line(t, 'REST.HEAD.OBJECT', k, f"HEAD {path} HTTP/1.1", 200 if exists else 404,
                 '-' if exists else 'NoSuchKey', '-', size if exists else '-', max(1, lat // 4), 1)
        elif r < 0.95:
            line(t, 'REST.DELETE.OBJECT', k, f"DELETE {path} HTTP/1.1", 204, '-', '-', '-', lat, '-')
            written.discard(k)
            deleted.add(k)
        elif r < 0.99:
            prefix = f"data/{i % 7}/"
            line(t, 'REST.GET.BUCKET', None, f"GET /{bucket}?list-type=2&prefix={urllib.parse.quote(prefix, safe='')}"
                 f" HTTP/1.1", 200, '-', 4000, '-', lat * 2, lat * 2)
        else:
            mk = f"big/{i}.tar"
            upload = f"up{rnd.getrandbits(48):012x}"
            line(t, 'REST.POST.UPLOADS', mk, f"POST /{bucket}/{mk}?uploads HTTP/1.1", 200, '-', 300, '-', 20, 19)
            part = 5 * 1024 * 1024
            for pn in (1, 2):
                line(t, 'REST.PUT.PART', mk, f"PUT /{bucket}/{mk}?partNumber={pn}&uploadId={upload} HTTP/1.1",
                     200, '-', '-', part if pn == 1 else 1024, 60, 10)
            line(t, 'REST.POST.UPLOAD', mk, f"POST /{bucket}/{mk}?uploadId={upload} HTTP/1.1", 200, '-', 300,
                 part + 1024, 40, 39)
        n += 1
