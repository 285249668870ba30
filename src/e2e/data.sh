#!/usr/bin/env bash
# What the bytes s3workload writes offer a data-reducing store, measured on the stored files: the runnable jar
# against the standalone `s3workload server` (fs backend, which stores each object as a plain file). Default data:
# at most 1% repeated 4 KiB blocks over the run, at most 2% gained by `zstd --long=27` on a 256 MiB object and on
# 1 MiB objects concatenated; data: {compressible: 2.0} shrinks 2:1 under zstd (default level) and gzip, within
# +-10%; data: {dedupe: 3.0} reaches 3:1 under fixed 4 KiB-block dedupe, within +-10%; both at once. Prints the
# figures; exits 1 when one misses. About 30 s.
#   src/e2e/data.sh        (needs the jar: run after ./mvnw verify)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk >/dev/null || exit 2
. "$root/src/e2e/lib/packages.sh"
need_package zstd zstd "e2e data" || exit 0
jar=$root/cli/target/s3workload.jar
if [ ! -f "$jar" ]; then
  echo "e2e data: FAILED: build first (./mvnw verify): need $jar"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/src/e2e/lib/data_check.py" "$JAVA_HOME/bin/java" "$jar" "$work"
