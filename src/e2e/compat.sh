#!/usr/bin/env bash
# The compatibility matrix: the shipped workloads, scaled down (--scale 0.01), against S3 implementations this
# project did not write, each installed from its package registry and run on 127.0.0.1 — moto's server (PyPI
# moto[server]) and the Versity S3 Gateway (Go module github.com/versity/versitygw, posix backend) — with the
# lean http client and the CRT client. A cell passes when the run exits 0 with no failed operation and a complete
# cleanup. Prints the matrix (docs/compatibility.md is its write-up); exits 1 when a cell fails that
# docs/compatibility.md does not list as a known limit, or when a known limit no longer fails (so the page stays
# true; a limit whose reason starts with "sometimes" — a race in the server — may do either). A server that cannot
# be installed here is SKIPPED with the reason.
#   src/e2e/compat.sh                 (needs the jar: run after ./mvnw verify, or let the launcher build it)
#   COMPAT_SERVERS=moto src/e2e/compat.sh
#   COMPAT_SERVERS="rclone minio" src/e2e/compat.sh     (rclone serve s3 and MinIO: by hand, not in CI)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
check="e2e compat"
work=$(mktemp -d)
. "$root/src/e2e/lib/servers.sh"
trap 'stop_servers; rm -rf "$work"' EXIT

# workload: the way each is pointed at one server (single-endpoint workloads take --endpoint; the multi-endpoint
# ones take their endpoint variables, every endpoint the same server)
run_workload() { # SERVER_URL CLIENT WORKLOAD OUT
  local url=$1 client=$2 name=$3 out=$4
  local args=(run "$root/workloads/$name.yaml" --scale 0.01 --bucket compat --no-progress --report console,json
              --out "$out" --set "defaults.client=$client")
  case "$name" in
    consistency)
      GLOBAL_ENDPOINT=$url IAD_ENDPOINT=$url ORD_ENDPOINT=$url SJC_ENDPOINT=$url "$root/s3workload" "${args[@]}" ;;
    t3-validator)
      # the transcode part needs 10 GiB sources even at 1/100 (100 MiB each): the matrix runs the rest
      GLOBAL_ENDPOINT=$url REGIONAL_ENDPOINTS=$url "$root/s3workload" "${args[@]}" --skip transcode ;;
    *)
      "$root/s3workload" "${args[@]}" --endpoint "$url" ;;
  esac
}

# a cell passes: exit 0, no failed operation in any cell, the cleanup complete
judge() { # OUT EXIT
  python3 - "$1/summary.json" "$2" <<'PY'
import json, sys
try:
    s = json.load(open(sys.argv[1]))
except Exception as e:
    print(f"no summary ({e.__class__.__name__})"); sys.exit(1)
errors = {}
for stage in s['stages']:
    for c in stage.get('cells', []):
        for k, v in (c.get('errorsByClass') or {}).items():
            errors[f"{stage['name']}: {k}"] = errors.get(f"{stage['name']}: {k}", 0) + v
cleanup = s.get('cleanup', {})
problems = []
if sys.argv[2] != '0':
    problems.append(f"exit {sys.argv[2]}")
if errors:
    problems.append('; '.join(f"{k} x{v}" for k, v in list(errors.items())[:3]))
if cleanup.get('leftBehind', 0) or cleanup.get('exact') is False or cleanup.get('errors'):
    problems.append('cleanup incomplete')
print(', '.join(problems) if problems else 'ok')
sys.exit(1 if problems else 0)
PY
}

export AWS_ACCESS_KEY_ID=compat-key AWS_SECRET_ACCESS_KEY=compat-secret-key AWS_REGION=us-east-1
workloads=(quickstart mixed large-objects transcode wasabi consistency t3-validator)
clients=(http crt)
known=$(python3 - "$root/docs/compatibility.md" <<'PY'
import re, sys
# the known limits: table rows "| server | client | workload | ... |" under "## Known limits"
text = open(sys.argv[1]).read().split('## Known limits', 1)
rows = re.findall(r'^\| *`?([\w.-]+)`? *\| *`?(\w+)`? *\| *`?([\w-]+)`? *\|([^|]*)\|', text[1] if len(text) > 1 else '',
                  re.M)
# a limit whose reason starts with "sometimes" may pass or fail (a race in the server); the others must fail
print(' '.join(f"{s}/{c}/{w}{'~' if why.strip().lower().startswith('sometimes') else ''}" for s, c, w, why in rows
               if s not in ('server', '---')))
PY
)
matrix="$work/matrix.txt"
failed=0
for server in ${COMPAT_SERVERS:-moto versitygw}; do
  if ! url=$(start_$server); then
    echo "$check: $server SKIPPED: $url"
    continue
  fi
  make_bucket "$url" compat
  for client in "${clients[@]}"; do
    for name in "${workloads[@]}"; do
      out="$work/$server-$client-$name"
      code=0
      run_workload "$url" "$client" "$name" "$out" >"$out.log" 2>&1 || code=$?
      verdict=$(judge "$out" "$code") && pass=1 || pass=0
      cell="$server/$client/$name"
      if [[ " $known " == *" $cell~ "* ]]; then
        verdict="known limit (sometimes): $verdict"
      elif [[ " $known " == *" $cell "* ]]; then
        if [ $pass = 1 ]; then
          echo "$cell: passes now, but docs/compatibility.md lists it as a known limit: update the page"; failed=1
        fi
        verdict="known limit: $verdict"
      elif [ $pass = 0 ]; then
        failed=1
        echo "---- $cell: $verdict"; tail -15 "$out.log"
      fi
      printf '%-10s %-5s %-14s %s\n' "$server" "$client" "$name" "$verdict" >>"$matrix"
    done
  done
done
echo "$check: the matrix (server, client, workload at --scale 0.01, verdict):"
sed 's/^/  /' "$matrix" 2>/dev/null || true
if [ $failed = 1 ]; then
  echo "$check: FAILED"
  exit 1
fi
echo "$check: OK"
