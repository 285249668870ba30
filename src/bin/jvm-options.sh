# Sourced by ./s3workload; copied into the release image as lib/jvm-options.sh, so POSIX sh. Prints the JVM options
# both launchers pass, for a Java of feature version $1 and a class-data-sharing archive at $2 (empty: none).
#   --enable-native-access  the CRT client and the JDK's own FFM checks, without "restricted method" warnings
#   --sun-misc-unsafe-memory-access=allow  (Java 23+) protobuf, under --otlp, reads arrays through sun.misc.Unsafe;
#                                          without it Java 24+ prints four WARNING lines into the report
#   -XX:SharedArchiveFile + AutoCreateSharedArchive  written by the first run after a build, mapped by later ones:
#                                          about 1.5 s to 0.8 s to the first request
s3w_jvm_options() {
  printf '%s\n' --enable-native-access=ALL-UNNAMED
  if [ -n "$1" ] && [ "$1" -ge 23 ]; then
    printf '%s\n' --sun-misc-unsafe-memory-access=allow
  fi
  if [ -n "$2" ]; then
    printf '%s\n' -XX:SharedArchiveFile="$2" -XX:+AutoCreateSharedArchive -Xlog:cds=off -Xlog:cds+dynamic=off
  fi
}
