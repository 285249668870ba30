package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The size distributions beyond one size and a uniform range: {@code {min, max, log: true}} (log-uniform),
 * {@code {weights: {4KiB: 70%, 1MiB: 25%}}} and {@code {file: sizes.csv}} (a histogram, one {@code size,count} line
 * per size). The sizes of weights and files are scaled by {@code --scale} here, where the tree walk does not reach.
 */
final class SizeDistributions {

    /** Sizes a histogram file may list: more make the draw slower and say nothing more. */
    static final int MOST_SIZES = 100_000;

    private SizeDistributions() {
    }

    /** {@code {weights: {SIZE: WEIGHT, ...}}}, a weight a percentage or a plain positive number. */
    static Optional<SizeSpec> weights(Fields range, String pointer) {
        JsonNode node = range.raw("weights");
        String at = LocatedTree.child(pointer, "weights");
        if (!(node != null && node.isObject()) || node.isEmpty()) {
            range.binding().problem(at, "expected sizes and their weights, e.g. weights: {4KiB: 70%, 1MiB: 25%,"
                    + " 64MiB: 5%}");
            return Optional.empty();
        }
        TreeMap<Long, Double> bySize = new TreeMap<>();
        boolean ok = true;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String entry = LocatedTree.child(at, e.getKey());
            Optional<DataSize> size = DataSize.parse(e.getKey());
            if (size.isEmpty() || size.get().bytes() == 0) {
                range.binding().keyProblem(entry, "expected a size above 0 like 4KiB, got \"" + e.getKey() + "\"");
                ok = false;
                continue;
            }
            String text = e.getValue().asText("").trim();
            double weight;
            try {
                weight = Double.parseDouble(text.endsWith("%") ? text.substring(0, text.length() - 1).trim() : text);
            } catch (NumberFormatException ex) {
                weight = -1;
            }
            if (!(weight > 0)) {
                range.binding().problem(entry, "expected a weight above 0, e.g. 70% or 7, got \"" + text + "\"");
                ok = false;
                continue;
            }
            long bytes = Scaling.scaleBytes(size.get().bytes(), range.binding().scale());
            bySize.merge(bytes, weight, Double::sum);
            range.binding().scaled(entry, e.getKey(), DataSize.ofBytes(bytes).toString());
        }
        if (!ok) {
            return Optional.empty();
        }
        double total = bySize.values().stream().mapToDouble(Double::doubleValue).sum();
        StringBuilder label = new StringBuilder("w");
        StringBuilder description = new StringBuilder();
        bySize.forEach((bytes, weight) -> {
            String share = BigDecimal.valueOf(100 * weight / total).setScale(1,
                    RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
            label.append(label.length() > 1 ? "-" : "").append(DataSize.ofBytes(bytes).label()).append('.')
                    .append(share.replace('.', '_'));
            description.append(description.isEmpty() ? "" : ", ").append(DataSize.ofBytes(bytes)).append(' ')
                    .append(share).append('%');
        });
        return Optional.of(weighted(label.toString(), bySize, description.toString()));
    }

    /** {@code {file: sizes.csv}}: a histogram of {@code size,count} lines ({@code #} comments, a header allowed). */
    static Optional<SizeSpec> file(Fields range, String pointer) {
        String at = LocatedTree.child(pointer, "file");
        Optional<String> name = range.text("file");
        if (name.isEmpty()) {
            return Optional.empty();
        }
        boolean commandLine = range.binding().tree().valueLocation(at).line() == 0;
        Path base = commandLine ? Path.of("").toAbsolutePath()
                : Path.of(range.binding().tree().source()).toAbsolutePath().getParent();
        Path path = base == null ? Path.of(name.get()) : base.resolve(name.get());
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            range.binding().problem(at, "cannot read '" + name.get() + "' (a size histogram: size,count lines; a"
                    + " relative path starts at " + (commandLine ? "the current directory when given with --set"
                    : "the workload file's directory") + ")");
            return Optional.empty();
        }
        TreeMap<Long, Double> bySize = new TreeMap<>();
        boolean header = true; // a header may come before the first size
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (header && line.matches("(?i)[a-z_ ]+[,\\t][a-z_ ]+")) {
                header = false;
                continue;
            }
            header = false;
            String[] cells = line.split("\\s*[,\\t]\\s*");
            Optional<DataSize> size = cells.length == 2 ? DataSize.parse(cells[0]) : Optional.empty();
            long count = -1;
            try {
                count = cells.length == 2 ? Long.parseLong(cells[1].replace("_", "")) : -1;
            } catch (NumberFormatException e) {
                // reported below
            }
            if (size.isEmpty() || count < 0) {
                range.binding().problem(at, path.getFileName() + ":" + (n + 1) + ": expected size,count (e.g."
                        + " 1048576,120 or 1MiB,120), got \"" + line + "\"");
                return Optional.empty();
            }
            if (size.get().bytes() > 0 && count > 0) {
                bySize.merge(Scaling.scaleBytes(size.get().bytes(), range.binding().scale()), (double) count,
                        Double::sum);
            }
        }
        if (bySize.isEmpty()) {
            range.binding().problem(at, "'" + name.get() + "' holds no size with a count above 0 (size,count lines)");
            return Optional.empty();
        }
        if (bySize.size() > MOST_SIZES) {
            range.binding().problem(at, "'" + name.get() + "' holds " + bySize.size() + " sizes; at most "
                    + MOST_SIZES + " (round them into buckets)");
            return Optional.empty();
        }
        String stem = path.getFileName().toString().replaceAll("\\.[^.]*$", "").replaceAll("[^A-Za-z0-9._-]", "_");
        long objects = Math.round(bySize.values().stream().mapToDouble(Double::doubleValue).sum());
        String description = path.getFileName() + " (" + objects + " objects, " + bySize.size() + " sizes, "
                + DataSize.ofBytes(bySize.firstKey()) + "-" + DataSize.ofBytes(bySize.lastKey()) + ")";
        if (range.binding().scale() != 1) {
            range.binding().scaled(at, name.get(), "its sizes x" + range.binding().scale());
        }
        return Optional.of(weighted("hist-" + stem, bySize, description));
    }

    private static SizeSpec weighted(String label, TreeMap<Long, Double> bySize, String description) {
        long[] sizes = bySize.keySet().stream().mapToLong(Long::longValue).toArray();
        double[] weights = bySize.values().stream().mapToDouble(Double::doubleValue).toArray();
        return sizes.length == 1 ? SizeSpec.of(DataSize.ofBytes(sizes[0]))
                : SizeSpec.Weighted.of(label, sizes, weights, description);
    }
}
