package io.s3workload.run.cleanup;

import io.s3workload.run.keys.KeySet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a run could not delete, written so that {@code s3workload cleanup --manifest FILE} can finish the job later:
 * the bucket, the run prefix (nothing outside it is ever deleted), and per endpoint the keys left, or
 * {@code unlisted} when the prefix could not be listed (then it is listed again) followed by the keys the run knows
 * it wrote there: single keys, and numbered ranges {@code range PREFIX COUNT} for {@code PREFIX0 .. PREFIX<COUNT-1>}
 * (a stage's objects of one size), deleted by name if the prefix still cannot be listed.
 *
 * <pre>
 * # s3workload cleanup manifest
 * bucket my-bucket
 * prefix s3workload/20261121-091500-ab12/
 * endpoint global
 * unlisted
 * range s3workload/20261121-091500-ab12/put/1MiB/ 300
 * key s3workload/20261121-091500-ab12/get/1MiB/7
 * </pre>
 */
public record CleanupManifest(String bucket, String prefix, Map<String, List<String>> keys,
                              Map<String, List<KeySet>> ranges, Set<String> unlisted) {

    private static final String HEADER = "# s3workload cleanup manifest: what a run could not delete. Finish with\n"
            + "#   s3workload cleanup WORKLOAD.yaml --manifest THIS_FILE\n";

    public CleanupManifest {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        keys.forEach((endpoint, list) -> copy.put(endpoint, List.copyOf(list)));
        keys = Collections.unmodifiableMap(copy);
        Map<String, List<KeySet>> rangesCopy = new LinkedHashMap<>();
        ranges.forEach((endpoint, list) -> rangesCopy.put(endpoint, List.copyOf(list)));
        ranges = Collections.unmodifiableMap(rangesCopy);
        unlisted = Collections.unmodifiableSet(new LinkedHashSet<>(unlisted));
    }

    /** Keys left on known endpoints, none unlisted. */
    public CleanupManifest(String bucket, String prefix, Map<String, List<String>> keys, Set<String> unlisted) {
        this(bucket, prefix, keys, Map.of(), unlisted);
    }

    public boolean isEmpty() {
        return unlisted.isEmpty() && keyCount() == 0;
    }

    /** How many keys are named, one by one or in ranges. */
    public long keyCount() {
        return keys.values().stream().mapToLong(List::size).sum()
                + ranges.values().stream().flatMap(List::stream).mapToLong(KeySet::span).sum();
    }

    /** Every endpoint named, in order. */
    public Set<String> endpoints() {
        Set<String> all = new LinkedHashSet<>(keys.keySet());
        all.addAll(ranges.keySet());
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
            ranges.getOrDefault(endpoint, List.of()).forEach(r -> text.append("range ").append(r.prefix())
                    .append(' ').append(r.span()).append('\n'));
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
        Map<String, List<KeySet>> ranges = new LinkedHashMap<>();
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
                case "range" -> {
                    int last = value.lastIndexOf(' ');
                    String from = last < 0 ? "" : value.substring(0, last);
                    long count;
                    try {
                        count = Long.parseLong(value.substring(last + 1));
                    } catch (NumberFormatException e) {
                        count = -1;
                    }
                    if (last < 0 || count < 0) {
                        throw new IOException(file + ":" + (i + 1) + ": expected 'range PREFIX COUNT', got '" + line
                                + "'");
                    }
                    if (prefix == null || !from.startsWith(prefix)) {
                        throw new IOException(file + ":" + (i + 1) + ": range '" + from + "' is not under the"
                                + " manifest's prefix; nothing outside the run prefix is deleted");
                    }
                    ranges.computeIfAbsent(need(endpoint, file, i), e -> new ArrayList<>())
                            .add(new KeySet(from, count));
                }
                default -> throw new IOException(file + ":" + (i + 1) + ": expected bucket, prefix, endpoint,"
                        + " unlisted, range or key, got '" + word + "'");
            }
        }
        if (bucket == null || prefix == null || prefix.isEmpty()) {
            throw new IOException(file + ": not an s3workload cleanup manifest (no bucket or prefix line)");
        }
        return new CleanupManifest(bucket, prefix, keys, ranges, unlisted);
    }

    private static String need(String endpoint, Path file, int line) throws IOException {
        if (endpoint == null) {
            throw new IOException(file + ":" + (line + 1) + ": an 'endpoint NAME' line must come first");
        }
        return endpoint;
    }
}
