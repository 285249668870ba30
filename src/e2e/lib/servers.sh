# Sourced by the end-to-end checks: S3 servers this project did not write, started on 127.0.0.1 from their package
# registries (or binaries at hand). The sourcing script sets $work (a scratch directory, removed by its trap, whose
# "pids" file lists the servers to kill) and $check (its name, for messages).
#   url=$(start_moto) || echo "SKIPPED: $url"      prints the server's URL, or why it could not start
# Each server takes the access key compat-key and the secret key compat-secret-key.

# stop_servers: kills the servers started (not children of the caller: each was started in $(start_...), a subshell)
# and waits until they are gone, 5 s at most
stop_servers() {
  local pids=()
  [ -f "$work/pids" ] && mapfile -t pids <"$work/pids"
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for _ in $(seq 1 50); do
    alive=0; for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break; sleep 0.1
  done
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# free_port_block N: the first of N consecutive ports free on 127.0.0.1, below the kernel's ephemeral range, so that
# no outgoing connection takes one of them before its server binds it (a block taken with free_port's port as its
# base lies in that range: a shard's connection once held base + 3 when the fourth task came to listen)
free_port_block() {
  python3 - "$1" <<'PY'
import random, socket, sys
n = int(sys.argv[1])
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
for _ in range(200):
    base = random.randrange(20000, low - n)
    held = []
    try:
        for port in range(base, base + n):
            s = socket.socket()
            held.append(s)
            s.bind(("127.0.0.1", port))
        print(base)
        sys.exit(0)
    except OSError:
        pass
    finally:
        for s in held:
            s.close()
sys.exit("no %d consecutive free ports below %d" % (n, low))
PY
}
wait_port() {
  for _ in $(seq 1 300); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# serve NAME PORT COMMAND...: runs COMMAND in the background (its output in $work/NAME.log) and prints the
# server's URL once PORT answers
serve() {
  local name=$1 port=$2; shift 2
  "$@" >"$work/$name.log" 2>&1 &
  echo $! >>"$work/pids"
  wait_port "$port" || { echo "$name did not start: $(tail -2 "$work/$name.log")"; return 1; }
  echo "http://127.0.0.1:$port"
}

# find_binary NAME [ARGS...]: prints the path of NAME from PATH or GOPATH/bin, where running it with ARGS (if
# given) succeeds; fails when there is none
find_binary() {
  local name=$1; shift
  for bin in "$(command -v "$name" || true)" "$(go env GOPATH 2>/dev/null)/bin/$name"; do
    if [ -x "$bin" ] && { [ $# = 0 ] || "$bin" "$@" >/dev/null 2>&1; }; then echo "$bin"; return 0; fi
  done
  return 1
}

# go_binary NAME MODULE@VERSION [ARGS...]: find_binary NAME ARGS, or else go-installs NAME from MODULE first
go_binary() {
  local name=$1 module=$2; shift 2
  find_binary "$name" "$@" && return 0
  command -v go >/dev/null || { echo "neither $name nor go is installed"; return 1; }
  GOFLAGS=-mod=mod go install "$module" >"$work/$name-build.log" 2>&1 \
    || { echo "go install $module failed: $(tail -1 "$work/$name-build.log")"; return 1; }
  echo "$(go env GOPATH)/bin/$name"
}

start_moto() {
  if ! python3 -c 'import moto.server, boto3' 2>/dev/null; then
    python3 -m pip install -q 'moto[server]' >/dev/null 2>&1 || python3 -m pip install -q --user 'moto[server]' >/dev/null 2>&1 || true
  fi
  python3 -c 'import moto.server' 2>/dev/null || { echo "moto[server] could not be installed with pip"; return 1; }
  local port; port=$(free_port)
  serve moto "$port" python3 -m moto.server -H 127.0.0.1 -p "$port"
}

start_versitygw() {
  local bin port; bin=$(go_binary versitygw github.com/versity/versitygw/cmd/versitygw@latest) || { echo "$bin"; return 1; }
  port=$(free_port)
  mkdir -p "$work/versitygw-data"
  serve versitygw "$port" env ROOT_ACCESS_KEY=compat-key ROOT_SECRET_KEY=compat-secret-key \
    "$bin" --port "127.0.0.1:$port" posix "$work/versitygw-data"
}

# rclone >= 1.65 (serve s3; Debian's 1.60 lacks it) over a local directory: opt-in (COMPAT_SERVERS), since
# building it from the Go module takes minutes
start_rclone() {
  local bin port; bin=$(go_binary rclone github.com/rclone/rclone@v1.68.2 serve s3 --help) || { echo "$bin"; return 1; }
  port=$(free_port)
  mkdir -p "$work/rclone-data"
  serve rclone "$port" "$bin" serve s3 --auth-key compat-key,compat-secret-key --addr "127.0.0.1:$port" "$work/rclone-data"
}

# MinIO from the Go module proxy (a pseudo-version: MinIO tags no module versions), built once per machine
MINIO_MODULE=${MINIO_MODULE:-github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c}

# minio_binary: prints the path of a minio binary (PATH, GOPATH/bin, or else go-installed from MINIO_MODULE: a few
# minutes, once per machine); fails saying why when there is none
minio_binary() {
  find_binary minio && return 0
  command -v go >/dev/null || { echo "no minio binary on PATH or in GOPATH/bin, and no go to build one"; return 1; }
  echo "$check: building MinIO ($MINIO_MODULE) with go install: a few minutes, once per machine" >&2
  GOFLAGS=-mod=mod go install "$MINIO_MODULE" >"$work/minio-build.log" 2>&1 \
    || { echo "go install $MINIO_MODULE failed: $(tail -1 "$work/minio-build.log")"; return 1; }
  echo "$(go env GOPATH)/bin/minio"
}

# need_minio: sets minio to a minio binary (minio_binary), or prints "$check: SKIPPED: why" and fails
need_minio() {
  minio=$(minio_binary) && return 0
  echo "$check: SKIPPED: $minio"
  return 1
}

# MinIO (minio_binary), its metrics public
start_minio() {
  local bin port
  bin=$(minio_binary) || { echo "$bin"; return 1; }
  port=$(free_port)
  mkdir -p "$work/minio-data"
  serve minio "$port" env MINIO_ROOT_USER=compat-key MINIO_ROOT_PASSWORD=compat-secret-key \
    MINIO_PROMETHEUS_AUTH_TYPE=public "$bin" server --address "127.0.0.1:$port" "$work/minio-data" && sleep 1
}

# make_bucket URL BUCKET [lock]: creates BUCKET (with object lock enabled when "lock" is given)
make_bucket() {
  python3 - "$@" <<'PY'
import boto3, sys
s3 = boto3.client('s3', endpoint_url=sys.argv[1], aws_access_key_id='compat-key', aws_secret_access_key='compat-secret-key',
                  region_name='us-east-1')
s3.create_bucket(Bucket=sys.argv[2], **({'ObjectLockEnabledForBucket': True} if sys.argv[3:] == ['lock'] else {}))
PY
}
