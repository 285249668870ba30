package io.s3workload.workload.yaml;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" by edit distance. */
public final class Suggestions {

    private Suggestions() {
    }

    /** The closest candidate within a distance that still reads as a typo, if any. */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String w = word.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, w.length() / 3);
        return candidates.stream()
                .filter(c -> distance(w, c.toLowerCase(Locale.ROOT)) <= limit
                        || c.toLowerCase(Locale.ROOT).startsWith(w) && w.length() >= 3)
                .min(Comparator.comparingInt(c -> distance(w, c.toLowerCase(Locale.ROOT))));
    }

    /** {@code " (did you mean 'x'?)"}, or empty text. */
    public static String didYouMean(String word, Collection<String> candidates) {
        return closest(word, candidates).map(c -> " (did you mean '" + c + "'?)").orElse("");
    }

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
