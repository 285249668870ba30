package io.s3workload.workload;

import java.math.BigDecimal;
import java.util.List;

/**
 * What {@code --scale} changed: its factor and every value it multiplied, as written and as it runs, so that the
 * run's header, {@code plan} and summary.json can say that a 1 MiB workload ran 51 KiB objects.
 *
 * @param factor  the {@code --scale} factor; 1 when the workload runs as written
 * @param changes the values that changed, in the order they appear in the file
 * @param decimal the sizes written with a decimal unit ({@code 10 MB}: 10,000,000 bytes), each with the binary size it
 *                is ({@code 9.54 MiB}), so that {@code plan} can say how it read them
 */
public record Scaled(double factor, List<Change> changes, List<Change> decimal) {

    public static final Scaled NONE = new Scaled(1, List.of());

    public Scaled {
        changes = List.copyOf(changes);
        decimal = List.copyOf(decimal);
    }

    public Scaled(double factor, List<Change> changes) {
        this(factor, changes, List.of());
    }

    /** One value: {@code stages.put.sizes[0]} from {@code 1MiB} to {@code 51 KiB}. */
    public record Change(String where, String from, String to) {

        @Override
        public String toString() {
            return where + " " + from + " -> " + to;
        }
    }

    public boolean scaled() {
        return factor != 1;
    }

    /** {@code x0.05 (--scale): 12 sizes, counts and durations changed, e.g. stages.put.size 1MiB -> 51 KiB, ...}. */
    public String summary(int examples) {
        StringBuilder b = new StringBuilder("x").append(BigDecimal.valueOf(factor).stripTrailingZeros()
                .toPlainString()).append(" (--scale): ");
        if (changes.isEmpty()) {
            return b.append("nothing changed (values given with --set stay as given)").toString();
        }
        b.append(changes.size()).append(changes.size() == 1 ? " value" : " sizes, counts and durations")
                .append(" changed, e.g. ");
        for (int i = 0; i < Math.min(examples, changes.size()); i++) {
            b.append(i == 0 ? "" : ", ").append(changes.get(i));
        }
        return b.toString();
    }
}
