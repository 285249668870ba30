# Sourced by ./s3workload, src/test.sh and src/release/build.sh: sets JAVA_HOME to a Java 21 or newer, or explains
# what to install. `s3w_find_jdk` wants a JDK (javac, to build); `s3w_find_java` any runtime (to run a built jar).
# Order: JAVA_HOME if it is 21+, then the newest under /usr/lib/jvm (or the directories, globs allowed, in
# S3WORKLOAD_JDK_SEARCH), then `javac` (or `java`) on the PATH.

s3w_java_major() { # prints the feature version of the java binary $1 (8 for 1.8), or nothing
  local release
  release="$(dirname "$(dirname "$1")")/release"
  if [ -r "$release" ]; then  # every JDK since 9 has it; reading it is instant, running java is not
    sed -n 's/^JAVA_VERSION="\(1\.\)\{0,1\}\([0-9]*\).*/\2/p' "$release" | head -n 1
    return
  fi
  "$1" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \(1\.\)\{0,1\}\([0-9]*\).*/\2/p' | head -n 1
}

s3w_find_jdk() { s3w_find 21 javac; }
s3w_find_java() { s3w_find 21 java; }

s3w_find() { # $1: the oldest feature version; $2: the tool the home must have (javac for a JDK, java for a runtime)
  local want=$1 tool=$2 candidate major best="" best_major=0
  local search=${S3WORKLOAD_JDK_SEARCH:-"/usr/lib/jvm/*/ /Library/Java/JavaVirtualMachines/*/Contents/Home/"}
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/$tool" ]; then
    major=$(s3w_java_major "$JAVA_HOME/bin/java")
    if [ -n "$major" ] && [ "$major" -ge "$want" ]; then return 0; fi
  fi
  for candidate in $search; do
    candidate="${candidate%/}"
    [ -x "$candidate/bin/$tool" ] || continue
    major=$(s3w_java_major "$candidate/bin/java")
    if [ -n "$major" ] && [ "$major" -ge "$want" ] && [ "$major" -gt "$best_major" ]; then
      best="$candidate"; best_major=$major
    fi
  done
  if [ -z "$best" ] && command -v "$tool" >/dev/null 2>&1; then
    candidate=$(dirname "$(dirname "$(readlink -f "$(command -v "$tool")")")")
    major=$(s3w_java_major "$candidate/bin/java")
    if [ -n "$major" ] && [ "$major" -ge "$want" ]; then best=$candidate; fi
  fi
  if [ -z "$best" ]; then
    if [ "$tool" = javac ]; then
      cat >&2 <<'MSG'
s3workload needs a JDK 21 or newer to build (it runs on virtual threads), and none was found:
  JAVA_HOME is unset or older than 21, /usr/lib/jvm holds no JDK 21+, and javac on the PATH is older.
Install one, for example:
  Debian/Ubuntu:  sudo apt-get install openjdk-21-jdk   (or a Temurin 21/25 package)
  macOS:          brew install --cask temurin
then run this again, or point JAVA_HOME at it. Or use the release image, which brings its own Java (docs/install.md).
MSG
    else
      cat >&2 <<'MSG'
s3workload needs Java 21 or newer (it runs on virtual threads), and none was found:
  JAVA_HOME is unset or older than 21, /usr/lib/jvm holds no Java 21+, and java on the PATH is older.
Install one (a runtime is enough once the jar is built), for example:
  Debian/Ubuntu:  sudo apt-get install openjdk-21-jre-headless
  macOS:          brew install --cask temurin
then run this again, or point JAVA_HOME at it. Or use the release image, which brings its own Java (docs/install.md).
MSG
    fi
    return 1
  fi
  export JAVA_HOME="$best"
}
