package io.s3workload.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a run could not delete, written so that {@code s3workload cleanup --manifest FILE} can finish the job later:
 * the bucket, the run prefix (nothing outside it is ever deleted), and per endpoint either the keys left or
 * {@code unlisted} when the prefix could not even be listed (then the prefix is listed again).
 *
 * <pre>
 * # s3workload cleanup manifest
 * bucket my-bucket
 * prefix s3workload/20261121-091500-ab12/
 * endpoint global
 * key s3workload/20261121-091500-ab12/put/1MiB/0
 * </pre>
 */
public record CleanupManifest(String bucket, String prefix, Map<String, List<String>> keys, Set<String> unlisted) {

    private static final String HEADER = "# s3workload cleanup manifest: what a run could not delete. Finish with\n"
            + "#   s3workload cleanup WORKLOAD.yaml --manifest THIS_FILE\n";

    public CleanupManifest {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        keys.forEach((endpoint, list) -> copy.put(endpoint, List.copyOf(list)));
        keys = java.util.Collections.unmodifiableMap(copy);
        unlisted = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(unlisted));
    }

    public boolean isEmpty() {
        return unlisted.isEmpty() && keys.values().stream().allMatch(List::isEmpty);
    }

    public long keyCount() {
        return keys.values().stream().mapToLong(List::size).sum();
    }

    /** Every endpoint named, in order. */
    public Set<String> endpoints() {
        Set<String> all = new LinkedHashSet<>(keys.keySet());
        all.addAll(unlisted);
        return all;
    }

    public void write(Path file) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append("bucket ").append(bucket).append('\n')
                .append("prefix ").append(prefix).append('\n');
        for (String endpoint : endpoints()) {
            text.append("endpoint ").append(endpoint).append('\n');
            if (unlisted.contains(endpoint)) {
                text.append("unlisted\n");
            }
            keys.getOrDefault(endpoint, List.of()).forEach(k -> text.append("key ").append(k).append('\n'));
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Reads a manifest; an {@link IOException} naming the line when it is not one. */
    public static CleanupManifest read(Path file) throws IOException {
        String bucket = null;
        String prefix = null;
        String endpoint = null;
        Map<String, List<String>> keys = new LinkedHashMap<>();
        Set<String> unlisted = new LinkedHashSet<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.indexOf(' ');
            String word = space < 0 ? line : line.substring(0, space);
            String value = space < 0 ? "" : line.substring(space + 1);
            switch (word) {
                case "bucket" -> bucket = value;
                case "prefix" -> prefix = value;
                case "endpoint" -> {
                    endpoint = value;
                    keys.putIfAbsent(endpoint, new ArrayList<>());
                }
                case "unlisted" -> unlisted.add(need(endpoint, file, i));
                case "key" -> {
                    if (prefix == null || !value.startsWith(prefix)) {
                        throw new IOException(file + ":" + (i + 1) + ": key '" + value + "' is not under the"
                                + " manifest's prefix; nothing outside the run prefix is deleted");
                    }
                    keys.get(need(endpoint, file, i)).add(value);
                }
                default -> throw new IOException(file + ":" + (i + 1) + ": expected bucket, prefix, endpoint,"
                        + " unlisted or key, got '" + word + "'");
            }
        }
        if (bucket == null || prefix == null || prefix.isEmpty()) {
            throw new IOException(file + ": not an s3workload cleanup manifest (no bucket or prefix line)");
        }
        return new CleanupManifest(bucket, prefix, keys, unlisted);
    }

    private static String need(String endpoint, Path file, int line) throws IOException {
        if (endpoint == null) {
            throw new IOException(file + ":" + (line + 1) + ": an 'endpoint NAME' line must come first");
        }
        return endpoint;
    }
}
