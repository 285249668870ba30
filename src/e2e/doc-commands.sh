#!/usr/bin/env bash
# End to end: every command line the documentation gives — the code blocks of README.md and docs/*.md, the header
# comments of workloads/*.yaml (src/e2e/lib/doc_commands.py finds them) — runs as written, in document order, from
# a scratch directory that holds the shipped workloads, a my.yaml and a urls.txt. Each `run` goes to the in-process
# server at a hundredth of its scale (--embedded --scale 0.01 added unless the line has them, an --endpoint it gives
# then replaced, and its --set sizes, counts and durations scaled alike); START is set to a few seconds ahead before
# each line, as the docs set it. A line that would repeat an earlier line's run but for where it points is planned
# with its own arguments instead. A line must exit 0 (a line that crosses a failOn threshold is run once more,
# since a scaled-down run's few requests make one transient failure cross it; both attempts are reported).
# Lines naming something only a real cluster has (<array job id>, a Kubernetes $RUN_ID) are listed as skipped.
#   src/e2e/doc-commands.sh        (needs the jar: run after ./mvnw verify)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_java >/dev/null || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root/workloads" "$work/workloads"
cat >"$work/my.yaml" <<'YAML'
name: my
bucket: my-bench
createBucket: true
stages:
  - {name: put, kind: put, size: 64KiB, objects: 20, operations: 40}
  - {name: get, kind: get, from: put, duration: 1s}
YAML
echo "http://127.0.0.1:9/unreachable" >"$work/urls.txt"
# The wrapper the lines' ./s3workload becomes: a run goes to the in-process server at a hundredth of its scale, and
# so do the sizes, counts and durations a line gives with --set (which --scale leaves as given).
cat >"$work/scale_sets.py" <<'PY'
import re, sys
units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
out, args = [], sys.argv[1:]
for i, arg in enumerate(args):
    if i > 0 and args[i - 1] == "--set" and "=" in arg:
        key, value = arg.split("=", 1)
        if m := re.fullmatch(r"(\d+)(ms|s|m|h)", value):
            arg = f"{key}={max(1.0, int(m[1]) * units[m[2]] * 0.01):g}s"
        elif m := re.fullmatch(r"(\d+)(KiB|MiB|GiB)", value):
            arg = f"{key}={max(1, int(int(m[1]) * {'KiB': 1, 'MiB': 1024, 'GiB': 1048576}[m[2]] * 0.01))}KiB"
        elif re.search(r"(objects|operations|count|jobs)$", key) and value.isdigit():
            arg = f"{key}={max(1, int(value) // 100)}"
    out.append(arg)
print("\0".join(out), end="")
PY
cat >"$work/s3workload" <<WRAPPER
#!/usr/bin/env bash
args=("\$@")
if [ "\${1:-}" = run ]; then
  mapfile -d '' args < <(python3 "$work/scale_sets.py" "\$@")
  case " \$* " in *" --embedded "*) ;; *) args+=(--embedded) ;; esac
  case " \$* " in *" --scale "*) ;; *) args+=(--scale 0.01) ;; esac
  args+=(--no-progress)
fi
if [ "\${1:-}" = analyze ] && [[ " \$* " == *" --web "* ]]; then
  # it serves until stopped: checked that its page answers, then stopped
  log=\$(mktemp)
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -jar "$root/cli/target/s3workload.jar" "\$@" >"\$log" 2>&1 &
  pid=\$!
  for _ in \$(seq 1 600); do grep -q "^Analysis page:" "\$log" && break; kill -0 \$pid 2>/dev/null || break; sleep 0.1; done
  url=\$(sed -n 's/^Analysis page: \(http[^ ?]*\).*/\1/p' "\$log")
  cat "\$log"
  ok=1
  [ -n "\$url" ] && curl -sf "\${url}state" >/dev/null && ok=0
  kill \$pid 2>/dev/null; wait \$pid 2>/dev/null
  exit \$ok
fi
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -XX:SharedArchiveFile="$work/s3workload.jsa" \
  -XX:+AutoCreateSharedArchive -Xlog:cds=off -Xlog:cds+dynamic=off -jar "$root/cli/target/s3workload.jar" "\${args[@]}"
WRAPPER
chmod +x "$work/s3workload"
ran=0 validated=0 seen=() skipped=() failed=() retried=()
while IFS=$'\t' read -r file command; do
  case "$command" in
    *"<"*|*'$RUN_ID'*) skipped+=("$file: $command"); continue ;;
  esac
  line=${command//java -jar cli\/target\/s3workload.jar/.\/s3workload}
  # A line that differs from one already run only in where it points (--endpoint, --bucket, endpoint variables,
  # --embedded, --scale) would repeat the same run on the in-process server: it is planned (no network) with its own
  # arguments instead, which checks what is its own.
  same=$(sed -E 's/^([A-Z_]+=[^ ]* +)*//; s/ --(endpoint|bucket|scale) [^ ]+//g; s/ --embedded( |$)/\1/g' <<<"$line")
  if [[ " ${seen[*]:-} " == *" ${same// /_} "* && "$line" == *"s3workload run "* ]]; then
    line=$(sed -E 's/s3workload run /s3workload plan /; s/ --embedded( |$)/\1/g; s/ --scale [^ ]+//g' <<<"$line")
    validated=$((validated + 1))
  fi
  seen+=("${same// /_}")
  start=$(date -u -d '+4 sec' +%Y-%m-%dT%H:%M:%SZ)
  began=$(date +%s.%N)
  status=0
  (cd "$work" && START=$start timeout -k 20 120 bash -c "$line" >"$work/out.log" 2>&1) || status=$?
  if [ "$status" = 1 ]; then
    # Exit 1 is a failOn threshold crossed. At a hundredth of its scale a workload makes a few dozen requests, so
    # one transient failure of the in-process server crosses a 1% threshold: the line is run once more, and the
    # first attempt's errors are printed, so that a real fault (failing twice) still fails the check.
    first=$({ grep -E 'Errors +-|FAILED' "$work/out.log" || true; } | tr -s ' ' | tr '\n' ' ')
    status=0
    start=$(date -u -d '+4 sec' +%Y-%m-%dT%H:%M:%SZ)
    (cd "$work" && START=$start timeout -k 20 120 bash -c "$line" >"$work/out.log" 2>&1) || status=$?
    [ "$status" = 0 ] && retried+=("$file: ${command:0:100}: first attempt: $first")
  fi
  if [ "$status" = 0 ]; then
    ran=$((ran + 1))
    printf 'e2e doc-commands: %5.1f s  %s: %s\n' "$(echo "$(date +%s.%N) - $began" | bc)" "$file" "${command:0:100}"
  else
    errors=$({ grep -E 'Errors +-' "$work/out.log" || true; } | tr -s ' ' | tr '\n' ' ')
    failed+=("$file: $command (exit $status): $errors$(tail -n 3 "$work/out.log" | tr '\n' ' ')")
  fi
done < <(python3 "$root/src/e2e/lib/doc_commands.py" "$root")
for s in "${skipped[@]}"; do echo "e2e doc-commands: skipped (needs a real cluster): $s"; done
for r in "${retried[@]:-}"; do [ -n "$r" ] && echo "e2e doc-commands: passed on its second run: $r"; done
if [ ${#failed[@]} -gt 0 ]; then
  for f in "${failed[@]}"; do echo "e2e doc-commands: FAILED: $f" >&2; done
  exit 1
fi
echo "e2e doc-commands: OK: $ran command lines from README.md, docs/ and the workloads' headers ran as written" \
  "($validated of them planned only: the same run as an earlier line but for where it points)"
