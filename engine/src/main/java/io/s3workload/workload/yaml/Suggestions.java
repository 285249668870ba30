package io.s3workload.workload.yaml;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" by edit distance, a swap of neighbouring letters counting as one edit. */
public final class Suggestions {

    private Suggestions() {
    }

    /** The closest candidate within a distance that still reads as a typo, if any. */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String w = word.toLowerCase(Locale.ROOT);
        int limit = w.length() <= 3 ? 1 : Math.max(2, w.length() / 3);
        return candidates.stream()
                .filter(c -> distance(w, c.toLowerCase(Locale.ROOT)) <= limit
                        || c.toLowerCase(Locale.ROOT).startsWith(w) && w.length() >= 3)
                .min(Comparator.comparingInt(c -> distance(w, c.toLowerCase(Locale.ROOT))));
    }

    /** {@code " (did you mean 'x'?)"}, or empty text. */
    public static String didYouMean(String word, Collection<String> candidates) {
        return closest(word, candidates).map(c -> " (did you mean '" + c + "'?)").orElse("");
    }

    /**
     * An unknown name's way out: {@code " (did you mean 'x'?); the earlier stages: a, b, x"}, naming the closest
     * candidate when one reads as a typo, then all of them ({@code what} names them); {@code "; there are no
     * earlier stages"} when there is none.
     */
    public static String amongAll(String word, Collection<String> candidates, String what) {
        if (candidates.isEmpty()) {
            return "; there are no " + what;
        }
        return didYouMean(word, candidates) + "; the " + what + ": " + String.join(", ", candidates);
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
