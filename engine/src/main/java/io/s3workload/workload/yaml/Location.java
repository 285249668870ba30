package io.s3workload.workload.yaml;

/** Where a value came from: a file position, or a command-line option (line 0). */
public record Location(String source, int line, int column) {

    public static Location of(String origin) {
        return new Location(origin, 0, 0);
    }

    @Override
    public String toString() {
        return line > 0 ? source + ":" + line + ":" + column : source;
    }
}
