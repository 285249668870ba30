#!/usr/bin/env bash
# The memory-copy floor under a large GET's client CPU (issue 49): src/bench/ReadFloor.java reads from 16 loopback
# connections as fast as a sender in another JVM writes, into one buffer per connection, with nothing else to do.
# Its CPU per MiB, measured from outside (/proc/PID/stat, every thread) over WINDOW seconds after 5 s, with the
# bytes from the loopback interface's counter (/proc/net/dev: nothing else should be running), is what no GET can
# go under: the kernel's copy to user space plus the socket reads' system calls and wake-ups.
#   src/bench/read-floor.sh [WINDOW_SECONDS [REPEATS]]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk >/dev/null || exit 2
window=${1:-10}
repeats=${2:-3}
hz=$(getconf CLK_TCK)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
work=$(mktemp -d)
"$JAVA_HOME/bin/javac" -d "$work" "$root/src/bench/ReadFloor.java"
"$JAVA_HOME/bin/java" -cp "$work" ReadFloor send "$port" & sender=$!
trap 'kill $sender $reader 2>/dev/null; rm -rf "$work"' EXIT
reader=
sleep 1
printf '%-8s %-6s %10s %12s %14s\n' reader repeat "MiB/s" "cores busy" "CPU ms/MiB"
for r in $(seq 1 "$repeats"); do
  for mode in direct heap; do
    "$JAVA_HOME/bin/java" -cp "$work" ReadFloor read "$port" "$mode" >/dev/null & reader=$!
    sleep 5
    c0=$(awk '{print $14 + $15}' "/proc/$reader/stat"); b0=$(awk '$1 == "lo:" {print $10}' /proc/net/dev); t0=$(date +%s.%N)
    sleep "$window"
    c1=$(awk '{print $14 + $15}' "/proc/$reader/stat"); b1=$(awk '$1 == "lo:" {print $10}' /proc/net/dev); t1=$(date +%s.%N)
    kill "$reader"; wait "$reader" 2>/dev/null || true; reader=
    awk -v c=$((c1 - c0)) -v b=$((b1 - b0)) -v t0="$t0" -v t1="$t1" -v hz="$hz" -v mode="$mode" -v r="$r" \
      'BEGIN { t = t1 - t0; mib = b / 1048576 / t; cores = c / hz / t
               printf "%-8s %-6s %10.1f %12.3f %14.3f\n", mode, r, mib, cores, cores * 1000 / mib }'
  done
done
