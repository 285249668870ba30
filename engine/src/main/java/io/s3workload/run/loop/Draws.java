package io.s3workload.run.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A weighted mix's draw table: each operation as often as its weight over the weights' greatest common divisor. */
public final class Draws {

    private Draws() {
    }

    /** The table, in the operations' order: a draw is one index into it. */
    public static <E extends Enum<E>> List<E> table(Map<E, Integer> weights) {
        int gcd = weights.values().stream().reduce(0, Draws::gcd);
        List<E> table = new ArrayList<>();
        weights.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            for (int i = 0; i < e.getValue() / gcd; i++) {
                table.add(e.getKey());
            }
        });
        return table;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
