package io.s3workload.ground;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A constant spelled in YAML its own way ({@code stopDependants}), not as its name in lower case with hyphens; and
 * how any enum constant is spelled there and read back.
 */
public interface Keyed {

    String key();

    /**
     * The YAML spelling of an enum constant: its own where it has one ({@link Keyed}: {@code stopDependants}), else
     * {@code WHEN_REQUIRED} is {@code when-required}.
     */
    static String word(Enum<?> e) {
        if (e instanceof Keyed keyed) {
            return keyed.key();
        }
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every constant of {@code type} as YAML spells it, in declaration order. */
    static <E extends Enum<E>> List<String> words(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Keyed::word).toList();
    }

    /** The constant of {@code type} that YAML spells {@code text}, if one is. */
    static <E extends Enum<E>> Optional<E> parse(Class<E> type, String text) {
        return Arrays.stream(type.getEnumConstants()).filter(e -> word(e).equals(text)).findFirst();
    }
}
