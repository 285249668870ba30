#!/usr/bin/env bash
# Builds the container image from the release tarball:  src/deploy/container/build.sh TAG [TARBALL]
# TARBALL defaults to the newest dist/s3workload-*-linux-*.tar.gz (src/release/build.sh makes it). Uses podman if
# present, else docker; CONTAINER_TOOL=... chooses.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
tag=${1:?usage: src/deploy/container/build.sh TAG [TARBALL]}
tarball=${2:-$(ls -t "$root"/dist/s3workload-*-linux-*.tar.gz 2>/dev/null | head -n 1)}
[ -f "$tarball" ] || { echo "no release tarball: run src/release/build.sh first" >&2; exit 2; }
tool=${CONTAINER_TOOL:-$(command -v podman || command -v docker || true)}
[ -n "$tool" ] || { echo "neither podman nor docker is installed" >&2; exit 2; }
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
mkdir "$context/s3workload"
tar -C "$context/s3workload" --strip-components=1 -xzf "$tarball"
cp "$root/src/deploy/container/Containerfile" "$context/"
"$tool" build -f "$context/Containerfile" -t "$tag" "$context"
