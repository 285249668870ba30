package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.ground.Percentile;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The one description of the keys ({@link Keys}) is consistent, and docs/workload-reference.md agrees with it: every
 * key is in its tables, no table names a key that validation refuses, and a default written there as one value is
 * the one the code uses.
 */
@Tag(QuickTier.TAG)
class KeysTest {

    private static final Pattern TICKED = Pattern.compile("`([A-Za-z0-9.]+)`");
    private static final Set<String> SHARED_SECTIONS = Set.of("Stages", "Load shape", "Clients",
            "Object settings: encryption, storage class, metadata, tags, checksums");

    /** One row of a table headed {@code | key | ...}: the section it is in, its keys, and its default cell. */
    private record Row(String section, List<String> keys, Optional<String> defaultCell) {
    }

    @Test
    void aKeyIsDescribedOnceWhereItIsWritten() {
        Map<String, List<Key>> byPlace = new TreeMap<>();
        Keys.all().forEach(k -> byPlace.computeIfAbsent(k.context() + "." + k.name(), p -> new ArrayList<>()).add(k));
        byPlace.forEach((place, keys) -> {
            Set<StageKind> seen = EnumSet.noneOf(StageKind.class);
            for (Key k : keys) {
                assertTrue(keys.size() == 1 || k.context() == Keys.Context.STAGE, place + " is described twice");
                k.kinds().forEach(kind -> assertTrue(seen.add(kind), place + " is described twice for " + kind));
            }
        });
        Keys.in(Keys.Context.STAGE).forEach(k -> assertTrue(!k.kinds().isEmpty(), k.name() + " takes no kind"));
    }

    @Test
    void everyTypeIsInTheSchemaAndEveryExampleIsThere() {
        JsonNode defs = WorkloadSchema.schema().get("$defs");
        for (Key k : Keys.all()) {
            assertTrue(defs.has(k.type()), k.context() + "." + k.name() + ": no $defs entry " + k.type());
            assertTrue(k.example() != null && !k.description().isBlank(), k.name());
        }
    }

    /**
     * A binder that reads a key with its default ({@code f.intOr("pageSize", 1)}) finds one described: else a
     * workload leaving the key out would end in an exception, not a report.
     */
    @Test
    void everyKeyReadWithItsDefaultHasOne() throws Exception {
        Pattern read = Pattern.compile("\\b(?:intOr|longOr|boolOr|durationOr|sizeOr|percentOr|choiceOr|defaultOf)"
                + "\\(\"(\\w+)\"");
        Set<String> withDefault = Keys.all().stream().filter(k -> k.defaultValue() != null).map(Key::name)
                .collect(Collectors.toSet());
        Set<String> missing = new TreeSet<>();
        int reads = 0;
        // the loader's own binders, and those of the kinds in folders of their own
        try (var yaml = Files.list(Path.of("src/main/java/io/s3workload/workload/yaml"));
             var kinds = Files.walk(Path.of("src/main/java/io/s3workload/kinds"))) {
            List<Path> binders = new ArrayList<>(yaml.toList());
            binders.addAll(kinds.filter(p -> p.getFileName().toString().endsWith("Binder.java")).toList());
            for (Path source : binders) {
                Matcher m = read.matcher(Files.readString(source));
                while (m.find()) {
                    reads++;
                    if (!withDefault.contains(m.group(1))) {
                        missing.add(source.getFileName() + ": " + m.group(1));
                    }
                }
            }
        }
        assertEquals(Set.of(), missing);
        assertTrue(reads >= 40, "reads found: " + reads);
    }

    @Test
    void theThresholdsAreThePercentilesAndTheRates() {
        Set<String> expected = new TreeSet<>(Percentile.keys());
        expected.addAll(Set.of("errorRate", "timeoutRate", "perSecond", "anomalies"));
        assertEquals(expected, Keys.names(Keys.Context.FAIL_ON));
    }

    /** --scale walks the raw tree by key name, so a name must not be a size in one place and a count in another. */
    @Test
    void scaleKnowsANameAsOneThing() {
        Set<String> sizes = Keys.scaled(Keys.Scale.SIZE);
        Set<String> counts = Keys.scaled(Keys.Scale.COUNT);
        Set<String> durations = Keys.scaled(Keys.Scale.DURATION);
        assertTrue(sizes.stream().noneMatch(counts::contains) && sizes.stream().noneMatch(durations::contains)
                && counts.stream().noneMatch(durations::contains), sizes + " " + counts + " " + durations);
        assertTrue(sizes.containsAll(Set.of("size", "sizes", "chunk", "segment", "threshold", "partSize", "min",
                "max")) && counts.containsAll(Set.of("objects", "operations", "iterations", "count"))
                && durations.equals(Set.of("duration", "over", "hold", "settle")));
    }

    @Test
    void theTopLevelTableNamesTheTopLevelKeysAndTheDefaults() throws Exception {
        List<Row> rows = rows().stream().filter(r -> r.section().equals("Top-level keys")).toList();
        Set<String> documented = keys(rows);
        assertEquals(Keys.names(Keys.Context.TOP), documented.stream().map(k -> k.replaceAll("\\..*", ""))
                .collect(Collectors.toCollection(TreeSet::new)));
        assertEquals(Keys.defaultNames(), documented.stream().filter(k -> k.startsWith("defaults."))
                .map(k -> k.substring("defaults.".length())).collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void theEndpointTableNamesTheEndpointKeys() throws Exception {
        Set<String> documented = keys(rows().stream().filter(r -> r.section().equals("Endpoints")).toList());
        assertEquals(Keys.names(Keys.Context.ENDPOINT), documented.stream().map(k -> k.replaceAll("\\..*", ""))
                .collect(Collectors.toCollection(TreeSet::new)));
        assertEquals(Keys.names(Keys.Context.TLS), documented.stream().filter(k -> k.startsWith("tls."))
                .map(k -> k.substring(4)).collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void theThresholdTableNamesTheThresholds() throws Exception {
        assertEquals(Keys.names(Keys.Context.FAIL_ON),
                keys(rows().stream().filter(r -> r.section().equals("Thresholds")).toList()));
    }

    /** Every key of a kind is in its section's tables or the tables every stage shares, and nothing else is. */
    @ParameterizedTest
    @EnumSource(StageKind.class)
    void theKindsSectionNamesItsKeysAndNoOthers(StageKind kind) throws Exception {
        List<Row> rows = rows();
        Set<String> shared = keys(rows.stream().filter(r -> SHARED_SECTIONS.contains(r.section())).toList());
        List<Row> own = rows.stream().filter(r -> sectionOf(r.section()).contains(kind)).toList();
        Set<String> documented = new TreeSet<>(keys(own));
        documented.addAll(shared);
        Set<String> missing = new TreeSet<>(Keys.names(kind));
        missing.removeAll(documented);
        assertEquals(Set.of(), missing, "keys of " + kind.key() + " not in docs/workload-reference.md");
        Set<String> takenBySome = new TreeSet<>();
        sectionKinds(own).forEach(k -> takenBySome.addAll(Keys.names(k)));
        Set<String> refused = new TreeSet<>(keys(own));
        refused.removeAll(takenBySome);
        assertEquals(Set.of(), refused, "the reference's section on " + kind.key() + " names keys validation"
                + " refuses");
    }

    /** A default written in a table as one value is the one in {@link Keys}, which binders and the schema use. */
    @Test
    void theDefaultsTheTablesGiveAreTheKeysDefaults() throws Exception {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Row row : rows()) {
            if (row.defaultCell().isEmpty() || row.keys().size() != 1) {
                continue;
            }
            Matcher one = Pattern.compile("`([^`]+)`|([0-9]+)").matcher(row.defaultCell().get());
            if (!one.matches() || row.defaultCell().get().contains("defaults.")) {
                continue;
            }
            String written = one.group(1) != null ? one.group(1) : one.group(2);
            for (Key key : keysOf(row.section(), row.keys().get(0))) {
                checked++;
                String actual = shown(key.defaultValue());
                if (!written.equals(actual)) {
                    wrong.add(row.section() + ": " + row.keys().get(0) + " says " + written + ", the code "
                            + actual);
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(checked >= 30, "defaults checked: " + checked);
    }

    /** The keys a table row in {@code section} names {@code key} for: by its kinds, or its context. */
    private static List<Key> keysOf(String section, String key) {
        if (key.startsWith("defaults.")) {
            return Keys.defaultable().stream().filter(k -> k.name().equals(key.substring(9))).toList();
        }
        Keys.Context context = switch (section) {
            case "Top-level keys" -> Keys.Context.TOP;
            case "Endpoints" -> key.startsWith("tls.") ? Keys.Context.TLS : Keys.Context.ENDPOINT;
            case "Thresholds" -> Keys.Context.FAIL_ON;
            default -> Keys.Context.STAGE;
        };
        String name = key.replaceAll(".*\\.", "");
        Set<StageKind> kinds = sectionOf(section).isEmpty() ? EnumSet.allOf(StageKind.class) : sectionOf(section);
        return Keys.in(context).stream().filter(k -> k.name().equals(name))
                .filter(k -> context != Keys.Context.STAGE || k.kinds().stream().anyMatch(kinds::contains))
                .toList();
    }

    private static String shown(JsonNode value) {
        if (value == null) {
            return "(none)";
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(v.asText()));
            return "[" + String.join(", ", items) + "]";
        }
        return value.asText();
    }

    /** The kinds a section is about: {@code ### `put`}, or {@code ### `readAfterWrite` and `listAfterWrite`}. */
    private static Set<StageKind> sectionOf(String section) {
        Set<StageKind> kinds = EnumSet.noneOf(StageKind.class);
        Matcher m = Pattern.compile("^`(\\w+)`( and `(\\w+)`)?$").matcher(section);
        if (m.matches()) {
            StageKind.fromKey(m.group(1)).ifPresent(kinds::add);
            Optional.ofNullable(m.group(3)).flatMap(StageKind::fromKey).ifPresent(kinds::add);
        }
        return kinds;
    }

    private static Set<StageKind> sectionKinds(List<Row> rows) {
        Set<StageKind> kinds = EnumSet.noneOf(StageKind.class);
        rows.forEach(r -> kinds.addAll(sectionOf(r.section())));
        return kinds;
    }

    private static Set<String> keys(List<Row> rows) {
        return rows.stream().flatMap(r -> r.keys().stream()).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Every row of every table whose first column is headed {@code key}, under the heading it is in. */
    private static List<Row> rows() throws Exception {
        List<Row> rows = new ArrayList<>();
        String section = "";
        int defaultColumn = -1;
        boolean inKeyTable = false;
        for (String line : Files.readAllLines(Path.of("..", "docs", "workload-reference.md"))) {
            if (line.startsWith("#")) {
                section = line.replaceFirst("^#+ ", "");
                inKeyTable = false;
            } else if (line.startsWith("| key |")) {
                List<String> header = cells(line);
                defaultColumn = header.indexOf("default");
                inKeyTable = true;
            } else if (inKeyTable && line.startsWith("| ---")) {
                continue;
            } else if (inKeyTable && line.startsWith("|")) {
                List<String> cells = cells(line);
                List<String> keys = new ArrayList<>();
                Matcher m = TICKED.matcher(cells.get(0));
                while (m.find()) {
                    keys.add(m.group(1));
                }
                rows.add(new Row(section, keys, defaultColumn < 0 ? Optional.empty()
                        : Optional.of(cells.get(defaultColumn))));
            } else {
                inKeyTable = false;
            }
        }
        return rows;
    }

    private static List<String> cells(String line) {
        String inner = line.substring(1, line.lastIndexOf('|'));
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("(?<!\\\\)\\|", -1)) {
            cells.add(cell.trim());
        }
        return cells;
    }
}
