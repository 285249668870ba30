# Sourced by the benchmark scripts: start an s3workload server in its own JVM (so that the client's CPU figures
# are the client's alone) or a fresh MinIO, run workloads against it, and print cells as a table.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bench_dir="$root/src/bench"

# pin_cores: sets pin_client and pin_server to commands that run the client on core 0 and the server on core 1
# (taskset), where there are two cores and taskset; else to nothing.
pin_cores() {
  pin_client=() pin_server=()
  if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
    pin_client=(taskset -c 0) pin_server=(taskset -c 1)
  fi
}

# start_server BACKEND: starts `s3workload server` on a free port; sets S3W_ENDPOINT; stops it on exit. PIN, when
# set, is a command to start it under (taskset -c 1).
start_server() {
  local log port
  log=$(mktemp)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  ${PIN:-} "$root/s3workload" server --backend "$1" --port "$port" --access-key bench --secret-key bench-secret >"$log" 2>&1 &
  server_pid=$!
  trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null' EXIT
  for _ in $(seq 1 100); do
    grep -q "at http://" "$log" && break
    sleep 0.2
  done
  grep -q "at http://" "$log" || { cat "$log"; rm -f "$log"; echo "bench: the server did not start" >&2; exit 1; }
  rm -f "$log" # only its first lines were wanted; the server goes on writing to the unlinked file
  export S3W_ENDPOINT="http://127.0.0.1:$port" S3W_KEY=bench S3W_SECRET=bench-secret
}

# start_minio DIR PORT USER PASSWORD: a fresh MinIO on 127.0.0.1:PORT with its data in DIR/data (any MinIO started
# before is stopped and its data deleted first), its metrics public; sets minio_pid. A fresh server keeps one run's
# data from weighing on the next (MinIO empties its trash of deleted objects more slowly than PUT rows fill it).
start_minio() {
  stop_minio
  minio_dir=$1/data
  mkdir -p "$minio_dir"
  MINIO_ROOT_USER=$3 MINIO_ROOT_PASSWORD=$4 MINIO_PROMETHEUS_AUTH_TYPE=public \
    minio server "$minio_dir" --address "127.0.0.1:$2" --console-address 127.0.0.1:0 --quiet >"$1/minio.log" 2>&1 &
  minio_pid=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$2/minio/health/live" >/dev/null && return 0; sleep 0.2; done
  cat "$1/minio.log"; echo "bench: minio did not start" >&2; exit 1
}

# stop_minio: stops the MinIO start_minio started, deletes its data and syncs. Without the sync the write-back of
# what one run wrote (and of its deletion) fell into the next run's window, and MinIO's PUT 4 KiB rate fell run after
# run (611 to 312 a second over six runs, docs/performance.md).
stop_minio() {
  [ -z "${minio_pid:-}" ] || { kill "$minio_pid" 2>/dev/null; wait "$minio_pid" 2>/dev/null || true; }
  minio_pid=
  [ -z "${minio_dir:-}" ] || rm -rf "$minio_dir"
  sync
}

# minio_workload FILE PORT NAME WORKERS: the head of a workload against the MinIO at PORT that start_minio started
# (its bucket and prefix NAME, WORKERS workers a stage); the caller appends its stages.
minio_workload() {
  cat >"$1" <<EOF
name: $3
endpoints:
  minio: {url: "http://127.0.0.1:$2", credentials: {accessKey: benchbench, secretKey: bench-secret}}
bucket: $3
createBucket: true
prefix: $3
defaults: {concurrency: $4}
stages:
EOF
}

# cells FILE: one line per measured cell of a run's output: stage, cell, ops/s, MiB/s, CPU-s/GiB, errors.
cells() {
  awk '
    /^\[[0-9]+\/[0-9]+\] / { stage = $2 }
    /^  [A-Z][A-Z ]* .*  \(/ { cell = $0; sub(/^  /, "", cell); sub(/  \(.*/, "", cell) }
    /Throughput - / {
      mib = "-"; ops = "-"; errs = "-"
      for (i = 1; i <= NF; i++) { if ($(i+1) == "MiB/s") mib = $i; if ($(i+1) == "ops/s") ops = $i; if ($(i+1) == "errors") errs = $i }
    }
    /CPU        - / {
      cpu = "-"; for (i = 1; i <= NF; i++) if ($(i+1) == "CPU-s/GiB") cpu = $i
      printf "%-18s %-16s %10s %10s %10s %7s\n", stage, cell, ops, mib, cpu, errs
    }' "$1"
}

cells_header() {
  printf "%-18s %-16s %10s %10s %10s %7s\n" stage cell "ops/s" "MiB/s" "CPU-s/GiB" errors
}

# bench_run WORKLOAD [SKIP_REGEX]: runs a workload from src/bench against the server and prints its cells,
# leaving out stages whose names match SKIP_REGEX (warm-ups, data preparation).
bench_run() {
  local out
  out=$(mktemp)
  "$root/s3workload" run "$bench_dir/$1" --no-progress >"$out"
  cells_header
  cells "$out" | grep -v -E "^(${2:-^$}) " || true
  rm -f "$out"
}

# busy_cores PID SKIP SECONDS: waits SKIP seconds, then prints the cores process PID kept busy over the next SECONDS
# (utime + stime of every thread, from /proc/PID/stat: measured from outside the process).
busy_cores() {
  local c0 c1 hz
  hz=$(getconf CLK_TCK)
  sleep "$2"
  c0=$(awk '{print $14 + $15}' "/proc/$1/stat")
  sleep "$3"
  c1=$(awk '{print $14 + $15}' "/proc/$1/stat")
  awk -v c=$((c1 - c0)) -v hz="$hz" -v s="$3" 'BEGIN { printf "%.3f\n", c / hz / s }'
}
