#!/usr/bin/env bash
# The reliability contract (docs/reliability.md), checked from outside the JVM: the runnable jar against the
# standalone `s3workload server` (fs backend), through a fault front that is a process of its own on 127.0.0.1
# (io.s3workload.testing.FaultFront, from the engine's test classes), with fixed fault schedules: 503, 500, resets
# before and mid-body, lost answers, truncated bodies, stalls, SIGTERM and a double Ctrl-C during stalls, the server
# killed and restarted. Prints the fault x outcome matrix; exits 1 on any failed check.
#   src/e2e/faults.sh        (needs the jar and the test classes: run after ./mvnw verify)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk >/dev/null || exit 2
jar=$root/cli/target/s3workload.jar
classes=$root/engine/target/test-classes:$root/engine/target/classes
if [ ! -f "$jar" ] || [ ! -f "$root/engine/target/test-classes/io/s3workload/testing/FaultFront.class" ]; then
  echo "e2e faults: FAILED: build first (./mvnw verify): need $jar and the engine's test classes"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/src/e2e/lib/fault_matrix.py" "$JAVA_HOME/bin/java" "$jar" "$classes" "$work"
