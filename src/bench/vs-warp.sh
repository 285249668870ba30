#!/usr/bin/env bash
# Head to head with the incumbent: s3workload and warp, alternately, against one real MinIO, measured from outside
# both tools. Prints one table: throughput, client CPU per MiB (objects of 1 MiB and up) or per operation (small
# objects), p50/p99 as each tool reports them, and the ratios s3workload/warp.
#
#   src/bench/vs-warp.sh [WINDOW_SECONDS [REPEATS [ROW_FILTER]]]      e.g. src/bench/vs-warp.sh 15 3 'GET 1MiB'
#
# The table goes to stdout and, as JSON (every repeat's figures too), to $JSON (default ./vs-warp.json), which
# src/bench/vs-warp-check.py compares with the committed src/bench/vs-warp-baseline.json: run it before and after
# touching the request path.
#
# Needs `minio` and `warp` on the PATH: ../shared/peers/build-peers.sh builds both from public source snapshots
# (see its header). Where warp is missing, the script says so and, if Go is installed, measures against s3loop
# instead (src/bench/peer: a bare loop on minio-go, warp's own client library, with warp's transport settings and
# put options — leaner than warp, so a harder yardstick). Environment: CLIENTS (s3workload clients to run, default
# "http"; e.g. "http sync crt"), WARMUP (seconds, default 10: the JVM compiles its hot code in the first 10-20 s, see docs/performance.md), PEER (warp|s3loop, default: warp when on the PATH),
# WARP_ARGS (more arguments for warp, e.g. "--noprefix": every object in the bucket's root rather than under a
# random prefix per thread).
#
# The yardstick, the same for every tool:
# - the measured phase starts when MinIO's own request counter for the measured API (GetObject, PutObject,
#   HeadObject; /minio/metrics/v3/api/requests, which is live — the v2 cluster metrics are cached) starts to
#   rise — start-up and preparation uploads come before it; WARMUP seconds later a window of WINDOW_SECONDS
#   opens, and the tool keeps running past its end;
# - operations = the growth of that counter, less MinIO's error counter for the API, over the window (a tool that
#   retries failures in a tight loop would otherwise be credited with them); MiB/s = operations x object size;
#   wire MiB/s = the
#   growth of the loopback interface's transmitted bytes (/proc/net/dev: both directions, headers included).
#   (MinIO's /proc/PID/io is no yardstick for GETs: Go sends files to sockets with sendfile, which wchar misses —
#   it showed 444 MiB/s while 738 GETs of 1 MiB a second went out.)
# - client CPU = the growth of utime + stime in the client's /proc/PID/stat (every thread) over the window; the
#   table's "in the kernel" column is stime's part of it (system calls, the socket copies, the loopback's TCP/IP:
#   work both tools pay per byte, which no change to a client's own code removes), and "of it the JIT's" the part
#   a JVM's JIT compiler threads took (src/bench/jit-ticks.py: one-off work whose timing depends on the request
#   rate; at tens of requests a second it can fall into the window); "CPU vs warp without the JIT" leaves it out.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
window=${1:-15}
repeats=${2:-3}
filter=${3:-}
warmup=${WARMUP:-10}
clients=${CLIENTS:-http}
json=${JSON:-vs-warp.json}
hz=$(getconf CLK_TCK)

command -v minio >/dev/null || { echo "vs-warp: no 'minio' on the PATH; build it with ../shared/peers/build-peers.sh" >&2; exit 2; }
peer=${PEER:-}
if [ -z "$peer" ]; then
  if command -v warp >/dev/null; then
    peer=warp
  else
    echo "vs-warp: no 'warp' on the PATH (../shared/peers/build-peers.sh builds it from source snapshots)." >&2
    command -v go >/dev/null || { echo "vs-warp: and no Go to build the s3loop stand-in either" >&2; exit 2; }
    echo "vs-warp: measuring against s3loop (src/bench/peer: a bare minio-go loop with warp's settings) instead." >&2
    peer=s3loop
  fi
fi
work=$(mktemp -d)
# MinIO keeps what the PUT rows write (a 10 MiB row ~10 GB); with the disk nearly full the kernel's write-back
# doubled both tools' CPU per MiB in one run, so a table measured so is not comparable (docs/performance.md)
free_gib=$(( $(df -Pk "$work" | awk 'NR == 2 {print $4}') / 1024 / 1024 ))
if [ "$free_gib" -lt 30 ]; then
  echo "vs-warp: warning: only $free_gib GiB free under $work; the PUT rows write up to ~10 GB each into MinIO and a" \
    "nearly full disk skews everyone's CPU figures: free 30 GiB or set TMPDIR to a roomier disk" >&2
fi
if [ "$peer" = s3loop ]; then
  (cd "$root/src/bench/peer" && go build -o "$work/s3loop" .) || { echo "vs-warp: could not build s3loop" >&2; exit 2; }
fi
"$root/s3workload" --version >/dev/null # builds the jar first if needed, outside every measurement

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
trap 'stop_minio; rm -rf "$work"' EXIT
# start_minio and stop_minio (lib.sh): a fresh MinIO in an empty directory before every run. Deleted objects go to
# MinIO's trash, which it empties more slowly than PUT rows fill it (52 GB after the PUT rows of one table), and a
# nearly full disk makes it fail writes; a fresh server also keeps one run's data from weighing on the next.

# requests API: MinIO's request counter for one API (getobject, putobject, headobject).
# requests API: MinIO's counts for one API (GetObject, PutObject, HeadObject): "answered-without-error errors".
requests() { curl -s "http://127.0.0.1:$port/minio/metrics/v3/api/requests" | awk -v api="$1" '
  index($1, "name=\"" api "\"") && $1 ~ /^minio_api_requests_total/ {n += $2}
  index($1, "name=\"" api "\"") && $1 ~ /^minio_api_requests_errors_total/ {e += $2}
  END {printf "%d %d\n", n - e, e}'; }
# warp_percentile P FILE: warp's own P-th percentile request time from its report's "Reqs:" line, in ms
# ("* Reqs: Avg: 0.8ms, 50%: 0.7ms, 90%: 1.3ms, 99%: 3.1ms, ..."; a value may be in µs, ms or s).
warp_percentile() { grep -m1 ' \* Reqs:' "$2" | grep -o " $1%: [0-9.]*[µm]*s" | awk '{ v = $2
  if (v ~ /µs$/) { sub(/µs$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else { sub(/s$/, "", v); v *= 1000 }
  printf "%.2f", v }'; }
# cpu_ticks PID: "all system" — the client's utime + stime and stime alone, in clock ticks
cpu_ticks() { awk '{print $14 + $15, $15}' "/proc/$1/stat"; }
wire_bytes() { awk '$1 == "lo:" {print $10}' /proc/net/dev; }
bytes_of() { case $1 in *KiB) echo $(( ${1%KiB} * 1024 ));; *MiB) echo $(( ${1%MiB} * 1048576 ));; esac; }

# measure TOOL OP SIZE CONC: runs one tool once; prints "ops/s MiB/s cores p50 p99 ops wire-MiB/s kernel-cores
# jit-cores".
measure() {
  local tool=$1 op=$2 size=$3 conc=$4 api out pid base t0 c0 k0 b0 n0 c1 k1 b1 n1 p50 p99 secs
  case $op in GET) api=GetObject;; PUT) api=PutObject;; HEAD) api=HeadObject;; esac
  secs=$((warmup + window + 10)) # slack: a large PUT is counted by the server only when it completes
  out="$work/out.$tool"
  read -r base _ < <(requests "$api")
  case $tool in
    s3workload:*)
      cat >"$work/w.yaml" <<EOF
name: vs-warp
endpoints:
  minio: {url: "http://127.0.0.1:$port", credentials: {accessKey: benchbench, secretKey: bench-secret}}
bucket: vs-warp
createBucket: true
prefix: vs-warp
defaults: {client: ${tool#s3workload:}, concurrency: $conc}
stages:
EOF
      if [ "$op" = HEAD ]; then # a head stage reads what another stage wrote
        echo "  - {name: prepare, kind: put, sizes: [$size], objects: 200, operations: 200}" >>"$work/w.yaml"
        echo "  - {name: measure, kind: head, from: prepare, duration: ${secs}s}" >>"$work/w.yaml"
      else
        # PUTs write new keys, as warp's do (overwriting an object costs MinIO more than creating one)
        echo "  - {name: measure, kind: $(echo "$op" | tr 'A-Z' 'a-z'), sizes: [$size], objects: $([ "$op" = PUT ] && echo 1000000 || echo 200), duration: ${secs}s}" >>"$work/w.yaml"
      fi
      "$root/s3workload" run "$work/w.yaml" --no-progress >"$out" 2>&1 & pid=$!;;
    warp)
      local wop; case $op in GET) wop=get;; PUT) wop=put;; HEAD) wop=stat;; esac
      # warp put writes new objects and takes no --objects; its benchdata goes to this script's directory
      (cd "$work" && warp "$wop" --host "127.0.0.1:$port" --access-key benchbench --secret-key bench-secret \
        --bucket vs-warp --obj.size "$(bytes_of "$size")" --concurrent "$conc" --duration "${secs}s" --noclear \
        --benchdata "$work/warp-$wop-$size-$conc" ${WARP_ARGS:-} \
        $([ "$op" = PUT ] && echo --disable-sha256-payload || echo --objects 200)) >"$out" 2>&1 & pid=$!;;
    s3loop)
      local lop; case $op in GET) lop=get;; PUT) lop=put;; HEAD) lop=stat;; esac
      "$work/s3loop" -endpoint "127.0.0.1:$port" -access-key benchbench -secret-key bench-secret -bucket vs-warp \
        -op "$lop" -size "$(bytes_of "$size")" -concurrent "$conc" -objects 200 -duration "${secs}s" \
        $([ "$op" = PUT ] && echo -disable-sha256-payload) >"$out" 2>&1 & pid=$!;;
  esac
  # wait for the measured phase: the server's counter for the measured API starts to rise
  local deadline=$((SECONDS + 300))
  until [ "$(requests "$api" | cut -d' ' -f1)" -gt "$base" ]; do
    kill -0 "$pid" 2>/dev/null || { cat "$out" >&2; echo "vs-warp: $tool ended before measuring" >&2; return 1; }
    [ $SECONDS -lt $deadline ] || { echo "vs-warp: $tool never started measuring" >&2; kill "$pid"; return 1; }
    sleep 0.2
  done
  sleep "$warmup"
  read -r c0 k0 < <(cpu_ticks "$pid"); b0=$(wire_bytes); read -r n0 e0 < <(requests "$api"); t0=$(date +%s.%N)
  case $tool in # a JVM's: of its CPU in the window, the JIT compiler threads' (a one-off of the JVM's first minutes)
    s3workload:*) jit=$(python3 "$root/src/bench/jit-ticks.py" "$pid" "$window");;
    *) jit=0; sleep "$window";;
  esac
  # a tool whose first requests the server was slow to answer (MinIO stalled for 17 s once) can run out of time
  # before the window closes: its figures would be the ticks of a process that is gone, so none are given
  kill -0 "$pid" 2>/dev/null || { wait "$pid" || true
    echo "vs-warp: $tool ended inside the measured window (the server answered its first $api late); no figures" >&2
    return 3; }
  read -r c1 k1 < <(cpu_ticks "$pid"); b1=$(wire_bytes); read -r n1 e1 < <(requests "$api"); t1=$(date +%s.%N)
  wait "$pid" || { cat "$out" >&2; echo "vs-warp: $tool failed" >&2; return 1; }
  case $tool in
    s3workload:*) read -r p50 p99 < <(awk '$1 == "measure" {print $(NF-2), $(NF-1)}' "$out" | tail -1);;
    s3loop) read -r p50 p99 < <(sed -n 's/.*p50 \([0-9.]*\) ms, p99 \([0-9.]*\) ms.*/\1 \2/p' "$out");;
    warp) p50=$(warp_percentile 50 "$out"); p99=$(warp_percentile 99 "$out");;
  esac
  [ $((e1 - e0)) -eq 0 ] || { echo "vs-warp: $tool: $((e1 - e0)) $api requests failed in the window (left out of the figures):" >&2; tail -5 "$out" >&2; }
  awk -v c=$((c1 - c0)) -v k=$((k1 - k0)) -v j="${jit:-0}" -v b=$((b1 - b0)) -v n=$((n1 - n0)) -v t0="$t0" -v t1="$t1" -v hz="$hz" \
      -v size="$(bytes_of "$size")" -v p50="${p50:--}" -v p99="${p99:--}" -v head="$([ "$op" = HEAD ] && echo 1 || echo 0)" \
    'BEGIN { t = t1 - t0; printf "%.1f %.1f %.3f %s %s %d %.1f %.3f %.3f\n", n / t, head ? 0 : n * size / t / 1048576,
             c / hz / t, p50, p99, n, b / t / 1048576, k / hz / t, j / hz / t }'
}

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$root" diff --quiet HEAD 2>/dev/null || commit="$commit+changes"
printf "vs-warp: MinIO %s at 127.0.0.1:%s; peer %s; s3workload clients: %s; %d s windows after %d s warm-up, %d repeats\n" \
  "$(minio --version | head -1 | awk '{print $3}')" "$port" "$peer" "$clients" "$window" "$warmup" "$repeats"
printf "machine: %s cores, %s; %s\n\n" "$(nproc)" "$(uname -r)" "$("$root/s3workload" --version 2>/dev/null | head -1)"
rows=("GET 4KiB 16" "GET 4KiB 64" "GET 1MiB 16" "GET 1MiB 64" "GET 10MiB 16" "GET 10MiB 64"
      "PUT 4KiB 16" "PUT 4KiB 64" "PUT 1MiB 16" "PUT 1MiB 64" "PUT 10MiB 16" "PUT 10MiB 64" "HEAD 4KiB 64")
results="$work/results"
: >"$results"
for row in "${rows[@]}"; do
  [ -z "$filter" ] || [[ "$row" == *"$filter"* ]] || continue
  read -r op size conc <<<"$row"
  for r in $(seq 1 "$repeats"); do
    for tool in $(for c in $clients; do echo "s3workload:$c"; done) "$peer"; do
      # in this shell, not in measure's subshell, so that the next start stops it; a repeat whose tool ran out of
      # time before the window closed (status 3) is measured once more on a fresh MinIO
      for attempt in 1 2; do
        start_minio "$work" "$port" benchbench bench-secret
        status=0
        line=$(measure "$tool" "$op" "$size" "$conc") || status=$?
        [ "$status" -eq 3 ] && [ "$attempt" -eq 1 ] && { echo "vs-warp: $op $size $conc $tool repeat $r: again" >&2; continue; }
        break
      done
      [ "$status" -eq 0 ] || continue
      echo "$op $size $conc $tool $r $line" | tee -a "$results" >&2
    done
  done
done

# The table: per row and tool, the range over repeats; CPU per MiB for objects of 1 MiB and up, else per op.
echo
awk -v peer="$peer" '
  { key = $1 " " $2 " " $3; tool = $4; ops = $6; mib = $7; cores = $8
    per = ($2 ~ /MiB$/) ? (mib > 0 ? cores * 1000 / mib : 0) : (ops > 0 ? cores * 1000 / ops : 0)
    kper = ($2 ~ /MiB$/) ? (mib > 0 ? $13 * 1000 / mib : 0) : (ops > 0 ? $13 * 1000 / ops : 0)
    jper = ($2 ~ /MiB$/) ? (mib > 0 ? $14 * 1000 / mib : 0) : (ops > 0 ? $14 * 1000 / ops : 0)
    k = key SUBSEP tool
    skper[k] += kper; sjper[k] += jper
    n[k]++; sops[k] += ops; smib[k] += mib; sper[k] += per
    if (!(k in lo) || per < lo[k]) lo[k] = per; if (!(k in hi) || per > hi[k]) hi[k] = per
    if (!(k in olo) || ops < olo[k]) olo[k] = ops; if (!(k in ohi) || ops > ohi[k]) ohi[k] = ops
    p[k] = p[k] (p[k] == "" ? "" : " ") $9 "/" $10
    if (!(key in seen)) { seen[key] = 1; order[++rows] = key }
    if (!(tool in tseen)) { tseen[tool] = 1; tools[++nt] = tool } }
  END {
    printf "| op | size | c | tool | ops/s (range) | MiB/s | client CPU (range) | in the kernel | of it the JIT%s | p50/p99 ms (each repeat) | ops/s vs %s | CPU vs %s | CPU vs %s without the JIT |\n", "\047s", peer, peer, peer
    print "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |"
    for (i = 1; i <= rows; i++) {
      key = order[i]; split(key, f, " "); unit = (f[2] ~ /MiB$/) ? "ms/MiB" : "ms/op"; pk = key SUBSEP peer
      for (j = 1; j <= nt; j++) {
        k = key SUBSEP tools[j]; if (!(k in n)) continue
        rt = (tools[j] != peer && (pk in n) && sops[pk] > 0) ? sprintf("%.2f", (sops[k] / n[k]) / (sops[pk] / n[pk])) : "-"
        rc = (tools[j] != peer && (pk in n) && sper[pk] > 0) ? sprintf("%.2f", (sper[k] / n[k]) / (sper[pk] / n[pk])) : "-"
        rj = (tools[j] != peer && (pk in n) && sper[pk] - sjper[pk] > 0) ? sprintf("%.2f", ((sper[k] - sjper[k]) / n[k]) / ((sper[pk] - sjper[pk]) / n[pk])) : "-"
        printf "| %s | %s | %s | %s | %.0f (%.0f-%.0f) | %.1f | %.3f (%.3f-%.3f) %s | %.3f | %.3f | %s | %s | %s | %s |\n", f[1], f[2], f[3], tools[j],
          sops[k] / n[k], olo[k], ohi[k], smib[k] / n[k], sper[k] / n[k], lo[k], hi[k], unit, skper[k] / n[k], sjper[k] / n[k], p[k], rt, rc, rj
      }
    }
  }' "$results"

# The same figures as JSON: the table's rows and every repeat behind them, for src/bench/vs-warp-check.py.
python3 - "$results" "$json" "$peer" "$commit" "$window" "$warmup" "$repeats" "$(nproc)" <<'PY'
import json, sys, time
results, out, peer, commit, window, warmup, repeats, cores = sys.argv[1:]
runs = []
for line in open(results):
    f = line.split()
    op, size, conc, tool, rep = f[0], f[1], int(f[2]), f[3], int(f[4])
    ops, mib, busy = float(f[5]), float(f[6]), float(f[7])
    per_mib = size.endswith("MiB")
    cpu = (busy * 1000 / mib if mib > 0 else None) if per_mib else (busy * 1000 / ops if ops > 0 else None)
    kernel = float(f[12]) if len(f) > 12 else None
    cpu_kernel = None if kernel is None else \
        (kernel * 1000 / mib if mib > 0 else None) if per_mib else (kernel * 1000 / ops if ops > 0 else None)
    jit = float(f[13]) if len(f) > 13 else None
    cpu_jit = None if jit is None else \
        (jit * 1000 / mib if mib > 0 else None) if per_mib else (jit * 1000 / ops if ops > 0 else None)
    runs.append({"op": op, "size": size, "concurrency": conc, "tool": tool, "repeat": rep, "opsPerSecond": ops,
                 "mibPerSecond": mib, "coresBusy": busy, "cpu": cpu, "cpuUnit": "ms/MiB" if per_mib else "ms/op",
                 "p50Ms": None if f[8] == "-" else float(f[8]), "p99Ms": None if f[9] == "-" else float(f[9]),
                 "operations": int(f[10]), "wireMibPerSecond": float(f[11]), "coresBusyKernel": kernel,
                 "cpuKernel": cpu_kernel, "coresBusyJit": jit, "cpuJit": cpu_jit})
rows, order = {}, []
for r in runs:
    k = (r["op"], r["size"], r["concurrency"], r["tool"])
    if k not in rows:
        rows[k] = []; order.append(k)
    rows[k].append(r)
def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None
table = []
for k in order:
    rs = rows[k]
    row = {"op": k[0], "size": k[1], "concurrency": k[2], "tool": k[3], "repeats": len(rs),
           "opsPerSecond": mean([r["opsPerSecond"] for r in rs]),
           "opsPerSecondRange": [min(r["opsPerSecond"] for r in rs), max(r["opsPerSecond"] for r in rs)],
           "cpu": mean([r["cpu"] for r in rs]), "cpuUnit": rs[0]["cpuUnit"],
           "cpuKernel": mean([r.get("cpuKernel") for r in rs]), "cpuJit": mean([r.get("cpuJit") for r in rs]),
           "cpuRange": [min(r["cpu"] or 0 for r in rs), max(r["cpu"] or 0 for r in rs)]}
    pk = (k[0], k[1], k[2], peer)
    if k[3] != peer and pk in rows:
        p = rows[pk]
        po, pc = mean([r["opsPerSecond"] for r in p]), mean([r["cpu"] for r in p])
        row["opsVsPeer"] = row["opsPerSecond"] / po if po else None
        row["cpuVsPeer"] = row["cpu"] / pc if pc and row["cpu"] is not None else None
        pj = mean([r.get("cpuJit") for r in p]) or 0.0
        if pc and row["cpu"] is not None and row["cpuJit"] is not None and pc - pj > 0:
            row["cpuWithoutJitVsPeer"] = (row["cpu"] - row["cpuJit"]) / (pc - pj)
    table.append(row)
json.dump({"format": 1, "tool": "vs-warp.sh", "commit": commit, "peer": peer,
           "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "windowSeconds": int(window),
           "warmupSeconds": int(warmup), "repeats": int(repeats), "cores": int(cores), "rows": table, "runs": runs},
          open(out, "w"), indent=1)
print("vs-warp: the table as JSON in " + out + " (compare: src/bench/vs-warp-check.py " + out + ")", file=sys.stderr)
PY
