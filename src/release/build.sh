#!/usr/bin/env bash
# Builds the self-contained release image: a Java runtime cut down by jlink to the modules s3workload uses, the
# shaded jar and a launcher, as dist/s3workload-VERSION-linux-ARCH.tar.gz. Unpacked anywhere, it runs with no Java
# installed:  tar xzf s3workload-*.tar.gz && s3workload-*/bin/s3workload run s3workload-*/workloads/quickstart.yaml
#   src/release/build.sh               builds the jar first (./mvnw package), then the image
#   src/release/build.sh --jar FILE    packs an already built jar
# Needs a JDK 21+ with jlink (found as the launcher finds one); the runtime is the build JDK's version.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/src/bin/find-jdk.sh"
s3w_find_jdk || exit 2
jar=""
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) jar=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build.sh: unknown argument '$1' (expected --jar FILE)" >&2; exit 2 ;;
  esac
done
if [ -z "$jar" ]; then
  (cd "$root" && ./mvnw -B -q -DskipTests -Ds3workload.commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" package)
  jar="$root/cli/target/s3workload.jar"
fi
[ -f "$jar" ] || { echo "build.sh: no jar at $jar" >&2; exit 2; }

case "$(uname -m)" in x86_64|amd64) arch=x86_64 ;; aarch64|arm64) arch=aarch64 ;; *) arch=$(uname -m) ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
image="$work/s3workload"
# The modules `jdeps --print-module-deps` finds in the shaded jar, less java.desktop (15 MiB: java.beans, which
# Jackson and SnakeYAML only look for), plus jdk.crypto.ec (TLS with EC certificates on Java 21). jdk.unsupported is
# sun.misc.Signal (Ctrl-C stops and cleans up); java.security.jgss the Apache client's Kerberos classes. No
# jdk.localedata: every figure is formatted in the root locale whatever the user's. src/e2e/release-image.sh runs
# every client, report and shipped workload on this runtime.
modules=java.base,java.naming,java.net.http,java.security.jgss,java.sql,jdk.httpserver,jdk.management
modules=$modules,jdk.unsupported,jdk.crypto.ec
strip=(--strip-debug)
if command -v objcopy >/dev/null 2>&1; then  # binutils: the native libraries' symbols too
  strip=(--strip-java-debug-attributes --strip-native-debug-symbols "objcopy=$(command -v objcopy)")
fi
"$JAVA_HOME/bin/jlink" --add-modules "$modules" "${strip[@]}" --no-man-pages --no-header-files \
  --compress zip-6 --generate-cds-archive --output "$image/runtime"
# The class-data archive for heaps over 32 GiB (uncompressed pointers): 14 MiB that such a run only misses at start-up.
rm -f "$image/runtime/lib/server/classes_nocoops.jsa"
mkdir -p "$image/bin" "$image/lib"
cp "$jar" "$image/lib/s3workload.jar"
cp "$root/src/bin/jvm-options.sh" "$image/lib/jvm-options.sh"
cp "$root/src/release/s3workload" "$image/bin/s3workload"
chmod 755 "$image/bin/s3workload"
cp -r "$root/workloads" "$root/docs" "$root/README.md" "$image/"
version=$("$image/bin/s3workload" --version | sed -n 's/^s3workload \([^ ]*\) .*/\1/p')
[ -n "$version" ] || { echo "build.sh: the image does not start: $("$image/bin/s3workload" --version 2>&1)" >&2; exit 1; }
name="s3workload-$version-linux-$arch"
mv "$image" "$work/$name"
mkdir -p "$root/dist"
tar -C "$work" -czf "$root/dist/$name.tar.gz" "$name"
echo "$root/dist/$name.tar.gz ($(du -m "$root/dist/$name.tar.gz" | cut -f1) MiB; runtime $(du -sm "$work/$name/runtime" | cut -f1) MiB unpacked)"
