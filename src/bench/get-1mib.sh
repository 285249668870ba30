#!/usr/bin/env bash
# GET 1 MiB, concurrency 16, 20 s, against the embedded (in-process) S3 server. Prints ops/s, MiB/s and the
# JVM's CPU seconds per GiB moved. The CPU figure covers the whole process: client and in-process server share
# it (and this machine's cores), so compare builds on the same machine, not against other tools' client-only CPU.
#   src/bench/get-1mib.sh            # JAVA_OPTS is passed through
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$root/s3workload" run "$root/src/bench/get-1mib.yaml" --no-progress >"$out"
block=$(sed -n '/^  GET 1 MiB  (/,/CPU /p' "$out")
if [ -z "$block" ]; then cat "$out"; echo "bench: no GET 1 MiB block in the output" >&2; exit 1; fi
echo "$block"
echo
echo "$block" | awk '
  /Throughput/ { for (i = 1; i <= NF; i++) { if ($(i+1) == "MiB/s") mib = $i; if ($(i+1) == "ops/s") ops = $i } }
  /CPU / { for (i = 1; i <= NF; i++) if ($(i+1) == "CPU-s/GiB") cpu = $i }
  END { printf "bench get-1mib c16 20s (embedded): %s ops/s  %s MiB/s  %s CPU-s/GiB\n", ops, mib, cpu }'
