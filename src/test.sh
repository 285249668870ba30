#!/usr/bin/env bash
# The test suite. Finds a JDK 21+ itself.
#
#   src/test.sh            everything, as CI runs it: the design's measures (src/dev/measures.py), the unit and
#                          integration tests of every module (JUnit, against in-process S3 servers on 127.0.0.1), the
#                          runnable jar's checks (Maven failsafe), then the checks in src/e2e/ that need real outside
#                          programs (MinIO, Prometheus, Chromium, Slurm, ...)
#   src/test.sh --quick    the inner loop: the design's measures and the unit tests tagged "quick" (binding,
#                          validation, planning, the history checker, the trace readers, the formats, the ops log's
#                          encoding): none runs a stage in real time or starts a server; a few minutes at most
#   src/test.sh --findings the design's measures and a compilation of main and test code with Error Prone, its
#                          findings checked against src/dev/findings.tsv as the whole suite checks them; no tests
#   src/test.sh --loaded   the whole suite (or, with --quick, the quick tier) with every core kept busy by a spinning
#                          process: a test that counts on the machine's speed fails here (docs/developing.md)
#
# Any other argument goes to Maven (e.g. -Dtest=EngineTest -Dsurefire.failIfNoSpecifiedTests=false).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
quick=false
findings=false
loaded=false
maven_args=()
for arg in "$@"; do
  case "$arg" in
    --quick) quick=true ;;
    --findings) findings=true ;;
    --loaded) loaded=true ;;
    -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) maven_args+=("$arg") ;;
  esac
done
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk || exit 2
echo "Testing with JDK at $JAVA_HOME"
cd "$root"

spinners=()
stop_spinners() {
  if [ ${#spinners[@]} -gt 0 ]; then
    kill "${spinners[@]}" 2>/dev/null || true
    wait "${spinners[@]}" 2>/dev/null || true
    echo "loaded: stopped the ${#spinners[@]} spinning processes"
    spinners=()
  fi
}
if $loaded; then
  cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)
  trap stop_spinners EXIT
  trap 'stop_spinners; exit 130' INT TERM
  for _ in $(seq 1 "$cores"); do
    # a busy loop at normal priority: each takes a core whenever the scheduler gives it one
    (trap - INT TERM; exec bash -c 'while :; do :; done') &
    spinners+=($!)
  done
  echo "loaded: $cores spinning processes (pids ${spinners[*]}) keep the machine's $cores cores busy for the whole run"
fi

began=$SECONDS
# the design's measures (src/dev/measures.tsv): none may get worse than its committed figure
python3 src/dev/measures.py --check
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if $findings; then
  # the compiler's findings alone: what the whole suite's build would count, in a minute or two
  build_log=$(mktemp "${TMPDIR:-/tmp}/s3workload-build.XXXXXX")
  if ! ./mvnw -B clean test-compile -Perrorprone ${maven_args[@]+"${maven_args[@]}"} > "$build_log" 2>&1; then
    grep -E '^\[ERROR\]' "$build_log" | head -40
    echo "findings: the build failed (Maven's log: $build_log)"
    exit 1
  fi
  python3 src/dev/findings.py --check "$build_log"
  rm -f "$build_log"
  echo "findings: checked in $((SECONDS - began)) s"
  exit 0
fi
if $quick; then
  # the quick tier: surefire's tests tagged "quick" only; s3workload.quick makes a tagged test that starts a
  # server or runs a stage fail at once (engine/src/test/java/io/s3workload/testing/QuickTier.java)
  ./mvnw -B test -Dgroups=quick -Ds3workload.quick=true -Dsurefire.failIfNoSpecifiedTests=false \
    -Ds3workload.commit="$commit" ${maven_args[@]+"${maven_args[@]}"}
  echo "quick tier: passed in $((SECONDS - began)) s$($loaded && echo ", with every core kept busy")"
  exit 0
fi
# Maven's output, kept for the compiler's findings (src/dev/findings.py); outside target/, which a clean removes
build_log=$(mktemp "${TMPDIR:-/tmp}/s3workload-build.XXXXXX")
./mvnw -B verify -Perrorprone -Ds3workload.commit="$commit" ${maven_args[@]+"${maven_args[@]}"} 2>&1 | tee "$build_log"
# the compiler's findings (javac's lint, Error Prone's default checks): none may have more than its committed figure
python3 src/dev/findings.py --check "$build_log"
rm -f "$build_log"
echo "maven: $((SECONDS - began)) s"
for check in "$root"/src/e2e/*.sh; do
  started=$SECONDS
  "$check"
  echo "e2e $(basename "$check" .sh): $((SECONDS - started)) s"
done
echo "the whole suite: passed in $((SECONDS - began)) s$($loaded && echo ", with every core kept busy")"
