#!/usr/bin/env bash
# End to end: the self-contained release image runs where no Java is installed. Builds the image from the jar the
# suite just built (src/release/build.sh --jar), unpacks it, and runs it twice:
#  1. with JAVA_HOME unset and a PATH holding only the shell tools the launcher uses (no java, no javac), from a
#     symlink in another directory: --version names version and commit, every shipped workload validates, the
#     quickstart runs with every client and writes every file report;
#  2. as the container recipe lays it out (src/deploy/container/Containerfile), in a chroot whose root filesystem
#     holds only the image under /opt/s3workload, the shell tools and the shared libraries they and the image load
#     (found with ldd): the quickstart runs as an unprivileged user with HOME and /tmp as in the container.
# Prints the tarball's size. Needs root for the chroot (CI runs as root).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'umount -l "$work/rootfs/proc" "$work/rootfs/dev" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "e2e release-image: FAILED: $*" >&2; exit 1; }

built=$("$root/src/release/build.sh" --jar "$root/cli/target/s3workload.jar" | tail -n 1)
tarball=${built%% *}
mkdir "$work/unpacked"
tar -C "$work/unpacked" -xzf "$tarball"
image=$(echo "$work"/unpacked/s3workload-*)
[ ! -e "$image/runtime/bin/javac" ] || fail "the image carries a compiler"

# 1. No Java on the PATH, JAVA_HOME unset, launched through a symlink.
mkdir "$work/tools" "$work/links" "$work/home"
tools="sh dirname readlink sed stat mkdir"
for tool in $tools; do ln -s "$(command -v "$tool")" "$work/tools/$tool"; done
ln -s "$image/bin/s3workload" "$work/links/s3workload"
bare() { (cd "$image" && env -i PATH="$work/tools" HOME="$work/home" "$work/links/s3workload" "$@"); }
version=$(bare --version 2>&1) || fail "--version: $version"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
case "$version" in
  "s3workload "*"(commit $commit)"*"$image/runtime)"*) ;;
  *) fail "--version does not name version, commit and the image's runtime: $version" ;;
esac
for workload in "$image"/workloads/*.yaml; do  # endpoint variables as a user sets them (loopback here)
  out=$(cd "$image" && env -i PATH="$work/tools" HOME="$work/home" GLOBAL_ENDPOINT=http://127.0.0.1:9000 \
    REGIONAL_ENDPOINTS=http://127.0.0.1:9001 DIRECT_ENDPOINT=http://127.0.0.1:9000 PROXY_ENDPOINT=http://127.0.0.1:8080 \
    "$work/links/s3workload" validate "$workload" 2>&1) || fail "validate $(basename "$workload"): $out"
done
for client in http sync crt; do
  out=$(bare run workloads/quickstart.yaml --no-progress --report console,csv,json,html,hdr --out "$work/out-$client" \
    --set defaults.client=$client --set stages.put.operations=20 --set stages.get.duration=1s 2>&1) \
    || fail "quickstart with client $client: $out"
  case "$out" in *"WARNING"*|*$'\tat '*) fail "JVM warnings or a stack trace with client $client: $out" ;; esac
  for file in summary.json summary.csv timeseries.csv report.html; do
    [ -s "$work/out-$client/$file" ] || fail "client $client wrote no $file"
  done
  grep -q "\"kind\" : \"$client\"" "$work/out-$client/summary.json" || fail "summary.json does not say client $client"
done
ls "$work/home/.cache/s3workload/"*.jsa >/dev/null 2>&1 || fail "no class-data archive under HOME/.cache/s3workload"

# 2. The container's layout, in a chroot with nothing but the image, a shell's tools and their libraries.
rootfs="$work/rootfs"
mkdir -p "$rootfs/opt" "$rootfs/tmp" "$rootfs/proc" "$rootfs/dev" "$rootfs/home/s3workload" "$rootfs/results" \
  "$rootfs/bin" "$rootfs/usr/local/bin" "$rootfs/etc"
chmod 1777 "$rootfs/tmp"
cp -a "$image" "$rootfs/opt/s3workload"
ln -s /opt/s3workload/bin/s3workload "$rootfs/usr/local/bin/s3workload"
for tool in $tools; do cp "$(readlink -f "$(command -v "$tool")")" "$rootfs/bin/$tool"; done
python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith("linux/") and "/glibc/" in n])' \
  "$rootfs/opt/s3workload/lib/s3workload.jar" "$work/crt"
objects=$(find "$rootfs/opt/s3workload/runtime" "$work/crt" -name '*.so' -o -path '*/bin/java' -type f; \
  for tool in $tools; do echo "$rootfs/bin/$tool"; done)
libraries=0
for lib in $(ldd $objects 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^\t\(\/[^ ]*\) .*/\1/p' | sort -u); do
  mkdir -p "$rootfs$(dirname "$lib")"
  cp -L "$lib" "$rootfs$lib"
  libraries=$((libraries + 1))
done
echo "s3workload:x:65532:65532::/home/s3workload:/bin/sh" >"$rootfs/etc/passwd"
chown 65532 "$rootfs/home/s3workload" "$rootfs/results"
mount -t proc proc "$rootfs/proc"
mount --bind /dev "$rootfs/dev"
chroot=$(command -v chroot)
out=$(cd / && env -i PATH=/usr/local/bin:/bin HOME=/home/s3workload "$chroot" --userspec=65532:65532 "$rootfs" \
  /bin/sh -c 'cd /results && s3workload run /opt/s3workload/workloads/quickstart.yaml --no-progress --report console,json --out /results/quickstart --set stages.put.operations=20 --set stages.get.duration=1s' 2>&1) \
  || fail "the quickstart in the container layout: $out"
case "$out" in *"Thresholds: all held."*) ;; *) fail "the quickstart in the container layout: $out" ;; esac
[ -s "$rootfs/results/quickstart/summary.json" ] || fail "no summary.json in the container's /results"
echo "e2e release-image: OK ($(basename "$tarball"), $(du -m "$tarball" | cut -f1) MiB; runs with no Java installed" \
  "and in the container layout with $libraries system libraries)"
