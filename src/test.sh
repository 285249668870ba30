#!/usr/bin/env bash
# The whole test suite: the design's measures (src/dev/measures.py), unit and integration tests of every module
# (JUnit, against an in-process S3 server on 127.0.0.1), end-to-end checks of the runnable jar (Maven failsafe), then the checks in src/e2e/ that need real
# outside programs (a Prometheus server scraping a run). Finds a JDK 21+ itself.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk || exit 2
echo "Testing with JDK at $JAVA_HOME"
cd "$root"
# the design's measures (src/dev/measures.tsv): none may get worse than its committed figure
python3 src/dev/measures.py --check
./mvnw -B verify -Ds3workload.commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$@"
for check in "$root"/src/e2e/*.sh; do
  began=$SECONDS
  "$check"
  echo "e2e $(basename "$check" .sh): $((SECONDS - began)) s"
done
