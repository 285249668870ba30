#!/usr/bin/env bash
# Open-loop rate 1,000/s of 4 KiB GETs against the embedded server for 30 s: the achieved rate (target within
# 2%), the late starts, and corrected against uncorrected latency.
#   src/bench/open-loop.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$root/s3workload" run "$root/src/bench/open-loop.yaml" --no-progress >"$out"
block=$(sed -n '/^\[2\/2\]/,$p' "$out" | sed -n '/^  GET 4 KiB  (/,/Throughput/p')
if [ -z "$block" ]; then cat "$out"; echo "bench: no GET 4 KiB block in the output" >&2; exit 1; fi
echo "$block"
echo
echo "$block" | awk '
  /Throughput/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ops/s") ops = $i }
  /Schedule/ { late = $3; total = $5 }
  END { printf "bench open-loop 1000/s 30 s: achieved %s ops/s (%.2f%% of target), %s of %s started > 10 ms late\n",
        ops, ops / 10, late, total }'
