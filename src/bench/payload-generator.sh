#!/usr/bin/env bash
# The object-body generator, measured: the candidates of src/bench/PayloadGenerators.java on one core (GB/s into a
# 64 KiB buffer, best of five rounds of 2 GiB), then what a data-reducing store could make of a 256 MiB object and of
# 1024 objects of 256 KiB from each: zstd --long=27 (its gain: 1 - compressed/original), gzip -1, and a fixed
# 4 KiB-block dedupe count (the share of blocks that repeat one before them). docs/performance.md has the table.
#   src/bench/payload-generator.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk >/dev/null || exit 2
command -v zstd >/dev/null || { echo "needs zstd (apt-get install zstd)"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/java" "$root/src/bench/PayloadGenerators.java" "$work"
printf '%-11s %-6s %12s %12s %12s\n' generator sample "zstd gain" "gzip gain" "4K repeats"
for f in "$work"/*.big "$work"/*.small; do
  name=$(basename "$f"); size=$(stat -c %s "$f")
  z=$(zstd -q -c --long=27 -T0 "$f" | wc -c)
  g=$(gzip -1 -c "$f" | wc -c)
  repeats=$(python3 - "$f" <<'PY'
import hashlib, sys
seen, repeats, total = set(), 0, 0
with open(sys.argv[1], 'rb') as f:
    while block := f.read(4096):
        h = hashlib.blake2b(block, digest_size=16).digest()
        total += 1
        repeats += h in seen
        seen.add(h)
print(f"{100 * repeats / total:.2f}%")
PY
)
  printf '%-11s %-6s %11.2f%% %11.2f%% %12s\n' "${name%.*}" "${name##*.}" \
    "$(echo "100 * (1 - $z / $size)" | bc -l)" "$(echo "100 * (1 - $g / $size)" | bc -l)" "$repeats"
done
