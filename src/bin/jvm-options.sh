# Sourced by ./s3workload; copied into the release image as lib/jvm-options.sh, so POSIX sh. Prints the JVM options
# both launchers pass, for a Java of feature version $1 and a class-data-sharing archive at $2 (empty: none).
#   --enable-native-access  the CRT client and the JDK's own FFM checks, without "restricted method" warnings
#   --sun-misc-unsafe-memory-access=allow  (Java 23+) protobuf, under --otlp, reads arrays through sun.misc.Unsafe;
#                                          without it Java 24+ prints four WARNING lines into the report
#   -XX:SharedArchiveFile + AutoCreateSharedArchive  written by the first run after a build, mapped by later ones:
#                                          about 1.5 s to 0.8 s to the first request
#   -XX:CompileCommand=CompileThresholdScaling,io/s3workload/*.*,0.1  the tool's own methods reach C2 after a tenth of
#                                          the calls: at a few hundred requests a second the request path was still
#                                          compiling a minute into a run (a third to three quarters of the client's
#                                          CPU there), now within ~10 s; the same compile work in all (performance.md,
#                                          "The request path compiled sooner"). `quiet` keeps HotSpot from printing
#                                          the command.
s3w_jvm_options() {
  printf '%s\n' --enable-native-access=ALL-UNNAMED
  printf '%s\n' -XX:CompileCommand=quiet '-XX:CompileCommand=CompileThresholdScaling,io/s3workload/*.*,0.1'
  if [ -n "$1" ] && [ "$1" -ge 23 ]; then
    printf '%s\n' --sun-misc-unsafe-memory-access=allow
  fi
  if [ -n "$2" ]; then
    printf '%s\n' -XX:SharedArchiveFile="$2" -XX:+AutoCreateSharedArchive -Xlog:cds=off -Xlog:cds+dynamic=off
  fi
}
