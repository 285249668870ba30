#!/usr/bin/env bash
# The cost of verify: true on GET throughput: plain and verified GETs alternated three times (1 MiB and 10 MiB,
# 16 workers), server (memory backend) in its own JVM; prints each cell and the mean ratio per size.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
start_server memory
out=$(mktemp)
"$root/s3workload" run "$bench_dir/verify-overhead.yaml" --no-progress >"$out"
cells_header
cells "$out" | grep -E "^(plain|verify)-" | tee "$out.cells"
awk '{ kind = substr($1, 1, index($1, "-") - 1); size = $3 " " $4; sum[kind, size] += $6; n[kind, size]++; sizes[size] = 1 }
     END { for (s in sizes) printf "verify/plain MiB/s, %s: %.3f\n", s, (sum["verify", s] / n["verify", s]) / (sum["plain", s] / n["plain", s]) }' "$out.cells"
rm -f "$out" "$out.cells"
