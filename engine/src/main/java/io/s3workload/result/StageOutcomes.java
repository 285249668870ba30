package io.s3workload.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.workload.StageKind;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every kind of {@link StageOutcome}, in the order summary.json writes them in a stage: the convergence pairs every
 * stage may have, then those of each stage kind ({@link KindOutcomes}) in the kinds' order, so that summary.json's
 * writer and reader, the merge and the files name none.
 */
public final class StageOutcomes {

    public static final List<StageOutcome.Type<?, ?>> ALL = Stream.concat(Stream.of(ConvergencePairs.TYPE),
            Arrays.stream(StageKind.values()).flatMap(kind -> KindOutcomes.of(kind).types().stream()))
            .distinct().toList();

    /** summary.json's order of a stage's outcomes, by key. */
    public static final Comparator<String> ORDER = Comparator.comparingInt(StageOutcomes::rank)
            .thenComparing(Comparator.naturalOrder());

    private static final ObjectMapper FORMS = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private StageOutcomes() {
    }

    /**
     * A stage's outcomes as summary.json keeps them, in its order, each of a known kind in its typed form (as read,
     * they are JSON's maps and lists); a key this version does not know keeps its value as read.
     */
    public static Map<String, Object> kept(Map<String, Object> outcomes) {
        Map<String, Object> kept = new TreeMap<>(ORDER);
        outcomes.forEach((key, value) -> kept.put(key, byKey(key).<Object>map(type -> typed(type, value))
                .orElse(value)));
        return kept;
    }

    private static Object typed(StageOutcome.Type<?, ?> type, Object value) {
        boolean read = value instanceof Map<?, ?>
                || value instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?>;
        return read ? FORMS.convertValue(value, type.form()) : value;
    }

    /** The kind whose key in summary.json is {@code key}: empty for one this version does not know. */
    public static Optional<StageOutcome.Type<?, ?>> byKey(String key) {
        return ALL.stream().filter(t -> t.key().equals(key)).findFirst();
    }

    private static int rank(String key) {
        for (int i = 0; i < ALL.size(); i++) {
            if (ALL.get(i).key().equals(key)) {
                return i;
            }
        }
        return ALL.size();
    }
}
