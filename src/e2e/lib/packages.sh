# Sourced by the end-to-end checks: install a Debian package the check needs, when it is missing and can be.
# need_package PACKAGE COMMAND CHECK: returns 0 when COMMAND is there (installing PACKAGE if need be and root and
# apt-get allow), else prints "CHECK: SKIPPED: ..." and returns 1.
need_package() {
  local package=$1 command=$2 check=$3
  if ! command -v "$command" >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "$check: installing the Debian package $package"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$package" >/dev/null 2>&1 \
        || { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$package" >/dev/null 2>&1; } \
        || true
    fi
  fi
  if ! command -v "$command" >/dev/null; then
    echo "$check: SKIPPED: the Debian package $package is not installed and could not be (needs root and apt-get)"
    return 1
  fi
}
