package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.Percentile;
import io.s3workload.workload.Defaults;
import io.s3workload.workload.FailOn;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.LoadShape;
import io.s3workload.workload.Scaled;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Workload;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.objects.Access;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/** Binds a located tree to a {@link Workload}, collecting every problem. */
final class WorkloadBinder {

    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    private final Binding binding;

    WorkloadBinder(Binding binding) {
        this.binding = binding;
    }

    Optional<Workload> bind() {
        LocatedTree tree = binding.tree();
        Fields top = Fields.of(binding, "", tree.root(), Keys.in(Keys.Context.TOP), "a workload").orElseThrow();
        String name = top.text("name").orElse(baseName(tree.source()));
        String description = top.text("description").orElse("");
        EndpointBinder endpointBinder = new EndpointBinder(binding);
        Map<String, EndpointSpec> endpoints = endpointBinder.endpoints(top);
        Optional<String> bucket = top.requiredText("bucket", "the bucket to run in (or pass --bucket)");
        bucket.filter(b -> !BUCKET.matcher(b).matches()).ifPresent(b -> binding.problem(top.child("bucket"),
                "'" + b + "' is not a valid bucket name (3-63 lowercase letters, digits, dots and hyphens)"));
        List<String> buckets = bucket.map(b -> buckets(top, b)).orElse(List.of());
        String prefix = trimSlashes(top.text("prefix").orElseGet(() -> top.defaultOf("prefix").asText()));
        boolean createBucket = top.boolOr("createBucket");
        boolean keep = top.boolOr("keep");
        Optional<Long> seed = top.text("seed").flatMap(t -> {
            try {
                return Optional.of(Long.parseLong(t.trim()));
            } catch (NumberFormatException e) {
                binding.problem(top.child("seed"), "expected a whole number, got \"" + t + "\"");
                return Optional.empty();
            }
        });
        Defaults defaults = top.object("defaults", Keys.defaultable(), "stage defaults")
                .map(d -> {
                    binding.defaultData(ObjectSettingsBinder.data(d));
                    return new Defaults(d.text("endpoint"), d.intAtLeast("concurrency", 1), TransferBinder.client(d));
                })
                .orElse(Defaults.NONE);
        FailOn failOn = failOn(top);
        List<WrittenStage> written = stages(top);
        new WorkloadChecks(binding, endpointBinder.written(), defaults).run(written);
        List<StageSpec> stages = written.stream().flatMap(w -> w.spec().stream()).toList();
        List<String> reports = top.<String>list("reports", e -> {
            String report = e.text().trim();
            if (!Workload.REPORTS.contains(report)) {
                binding.problem(e.pointer(), "unknown report '" + report + "'"
                        + Suggestions.didYouMean(report, Workload.REPORTS) + "; expected one or more of "
                        + String.join(", ", Workload.REPORTS));
                return Optional.empty();
            }
            return Optional.of(report);
        }).orElse(List.of());
        Map<String, String> sections = sections(top, stages);
        if (!binding.problems().isEmpty() || bucket.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Workload(tree.source(), name, description, endpoints,
                new Workload.Place(bucket.get(), prefix, createBucket, keep, buckets), seed, defaults, failOn, stages,
                new Workload.Reporting(reports, sections, top.intOr("slowest", 0)), Scaled.NONE));
    }

    /**
     * {@code buckets: N} ({@code BUCKET-1 .. BUCKET-N}) or {@code buckets: [a, b]}: the buckets the keys are spread
     * over; without it {@code bucket} alone.
     */
    private List<String> buckets(Fields top, String bucket) {
        JsonNode raw = top.raw("buckets");
        if (raw == null || raw.isNull()) {
            return List.of(bucket);
        }
        List<String> names;
        if (raw.isTextual()) {
            int count = top.intAtLeast("buckets", 1).orElse(1);
            if (count > Workload.MOST_BUCKETS) {
                binding.problem(top.child("buckets"), "at most " + Workload.MOST_BUCKETS + " buckets, got " + count);
                return List.of(bucket);
            }
            names = IntStream.rangeClosed(1, count).mapToObj(i -> bucket + "-" + i).toList();
            names.stream().filter(b -> !BUCKET.matcher(b).matches()).findFirst().ifPresent(b -> binding.problem(
                    top.child("buckets"), "'" + b + "' is not a valid bucket name: make 'bucket' shorter (3-63"
                            + " lowercase letters, digits, dots and hyphens in all)"));
        } else {
            names = top.<String>list("buckets", e -> {
                String name = e.text().trim();
                if (!BUCKET.matcher(name).matches()) {
                    binding.problem(e.pointer(), "'" + name + "' is not a valid bucket name (3-63 lowercase"
                            + " letters, digits, dots and hyphens)");
                    return Optional.empty();
                }
                return Optional.of(name);
            }).orElse(List.of(bucket));
            if (new HashSet<>(names).size() < names.size()) {
                binding.problem(top.child("buckets"), "a bucket is named twice");
            }
            if (names.size() > Workload.MOST_BUCKETS) {
                binding.problem(top.child("buckets"), "at most " + Workload.MOST_BUCKETS + " buckets, got "
                        + names.size());
            }
        }
        return names;
    }

    /**
     * {@code sections: {connectivity: CONNECTIVITY TESTS, ...}}: a title per stage tag, in order; each tag must be one
     * a stage carries (of any kind, composites' inner stages included).
     */
    private Map<String, String> sections(Fields top, List<StageSpec> stages) {
        Map<String, String> sections = new LinkedHashMap<>();
        Optional<ObjectNode> written = top.mapping("sections", "a title per stage tag, e.g. sections: {connectivity:"
                + " CONNECTIVITY TESTS}");
        if (written.isEmpty()) {
            return sections;
        }
        ObjectNode node = written.get();
        Set<String> tags = new TreeSet<>();
        stages.forEach(s -> tags.addAll(s.common().tags()));
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String tag = it.next();
            String pointer = LocatedTree.child(top.child("sections"), tag);
            JsonNode title = node.get(tag);
            if (!tags.contains(tag)) {
                binding.keyProblem(pointer, "no stage has the tag '" + tag + "'" + Suggestions.didYouMean(tag, tags)
                        + (tags.isEmpty() ? "; give stages tags: [" + tag + "]" : "; tags: " + String.join(", ", tags)));
            } else if (!title.isTextual() || title.textValue().isBlank()) {
                binding.problem(pointer, "expected the section's title, e.g. " + tag.toUpperCase(Locale.ROOT)
                        + " TESTS, got " + Fields.describe(title));
            } else {
                sections.put(tag, title.textValue().strip());
            }
        }
        return sections;
    }

    private FailOn failOn(Fields parent) {
        return parent.object("failOn", Keys.in(Keys.Context.FAIL_ON), "thresholds, e.g. failOn: {errorRate: 1%, p99: 500ms}")
                .map(f -> {
                    EnumMap<Percentile, Duration> latency = new EnumMap<>(Percentile.class);
                    for (Percentile p : Percentile.values()) {
                        f.duration(p.key()).ifPresent(d -> latency.put(p, d));
                    }
                    return new FailOn(f.percent("errorRate"), latency, f.percent("timeoutRate"), f.bool("perSecond"),
                            f.longAtLeast("anomalies", 0));
                })
                .orElse(FailOn.NONE);
    }

    private List<WrittenStage> stages(Fields top) {
        List<WrittenStage> stages = new ArrayList<>();
        JsonNode node = top.raw("stages");
        if (node == null || node.isNull()) {
            if (!top.mentions("stages")) {
                binding.problem("", "missing 'stages': the list of stages to run");
            }
            return stages;
        }
        if (!(node instanceof ArrayNode array)) {
            binding.problem(top.child("stages"), "expected a list of stages (each starting with '- name:'), got "
                    + Fields.describe(node));
            return stages;
        }
        if (array.isEmpty()) {
            binding.problem(top.child("stages"), "must list at least one stage");
        }
        for (int i = 0; i < array.size(); i++) {
            stages.add(written(top.child("stages") + "/" + i, array.get(i)));
        }
        return stages;
    }

    /** The stage at {@code pointer} as far as it binds: its name and common settings even when the rest fails. */
    WrittenStage written(String pointer, JsonNode node) {
        Optional<String> name = node.path("name").isTextual() ? Optional.of(node.get("name").textValue())
                : Optional.empty();
        WrittenStage nothing = new WrittenStage(pointer, name, Optional.empty(), Optional.empty(),
                Optional.empty(), List.of());
        if (!node.isObject()) {
            binding.problem(pointer, "expected a stage (a mapping with name and kind), got " + Fields.describe(node));
            return nothing;
        }
        JsonNode kindNode = node.get("kind");
        if (kindNode == null || !kindNode.isTextual()) {
            binding.problem(pointer, "missing 'kind': one of " + String.join(", ", StageKind.keys()));
            return nothing;
        }
        Optional<StageKind> kind = StageKind.fromKey(kindNode.textValue());
        if (kind.isEmpty()) {
            binding.problem(LocatedTree.child(pointer, "kind"), "unknown stage kind '" + kindNode.textValue() + "'"
                    + Suggestions.didYouMean(kindNode.textValue(), StageKind.keys()) + "; expected one of "
                    + String.join(", ", StageKind.keys()));
            return nothing;
        }
        StageBinder binder = StageBinder.of(kind.get());
        WrittenStage known = new WrittenStage(pointer, name, kind, Optional.empty(), Optional.empty(), List.of());
        return Fields.of(binding, pointer, node, Keys.of(kind.get()), Keys.refused(kind.get()), "a stage").map(f -> {
            Optional<String> named = f.requiredText("name", "a unique stage name, e.g. put-1mib");
            named.filter(n -> !Fields.NAME.matcher(n).matches()).ifPresent(n -> binding.problem(f.child("name"),
                    "stage names use letters, digits, '.', '_' and '-', got \"" + n + "\""));
            // a capacity stage's rate is its search's (its load paced by each step); probes pace themselves
            LoadShape load = Keys.paced(kind.get()) ? LoadBinder.load(f) : LoadShape.CLOSED;
            List<String> tags = f.list("tags", e -> {
                if (Fields.NAME.matcher(e.text().trim()).matches()) {
                    return Optional.of(e.text().trim());
                }
                binding.problem(e.pointer(), "tags use letters, digits, '.', '_' and '-', got \"" + e.text() + "\"");
                return Optional.<String>empty();
            }).orElse(List.of());
            StageCommon common = new StageCommon(named.orElse("?"), f.text("endpoint"),
                    f.intAtLeast("concurrency", 1), failOn(f), TransferBinder.client(f), load, tags, graph(f),
                    f.duration("warmUp").filter(d -> !d.isZero()),
                    kind.get().has(StageKind.Trait.STOP_WHEN_STABLE) ? StopBinder.whenStable(f) : Optional.empty(),
                    kind.get().has(StageKind.Trait.SPREADS) ? spread(f) : Optional.empty(),
                    kind.get().has(StageKind.Trait.PICKS_KEYS) ? AccessBinder.access(f,
                            kind.get().defaultAccess())
                            : Access.ROUND_ROBIN);
            if (common.failOn().timeoutRatePercent().isPresent() && !kind.get().convergence()) {
                binding.problem(LocatedTree.child(f.child("failOn"), "timeoutRate"), "timeoutRate applies to"
                        + " readAfterWrite, listAfterWrite and transcode stages only; this is a " + kind.get()
                        + " stage");
            }
            if (common.failOn().anomalies().isPresent() && !kind.get().has(StageKind.Trait.CHECKS_HISTORY)) {
                binding.problem(LocatedTree.child(f.child("failOn"), "anomalies"), "anomalies applies to history"
                        + " stages only; this is a " + kind.get() + " stage");
            }
            Optional<StageSpec> stage = binder.bind(common, f).filter(s -> named.isPresent());
            return new WrittenStage(pointer, name, kind, Optional.of(common), stage, binding.writtenInside(pointer));
        }).orElse(known);
    }

    /**
     * {@code endpoints: [a, b]} (groups already expanded to their members) and {@code hostSelect}: a load spread over
     * several endpoints; names are checked by WorkloadChecks.
     */
    private Optional<LoadEndpoints> spread(Fields f) {
        Optional<LoadEndpoints.Select> select = f.text("hostSelect").flatMap(text -> {
            String t = text.trim().toLowerCase(Locale.ROOT).replace("-", "");
            var keys = Arrays.stream(LoadEndpoints.Select.values()).map(LoadEndpoints.Select::key).toList();
            var found = Arrays.stream(LoadEndpoints.Select.values()).filter(s -> s.key().equals(t))
                    .findFirst();
            if (found.isEmpty()) {
                binding.problem(f.child("hostSelect"), "expected one of " + String.join(", ", keys) + ", got \""
                        + text + "\"" + Suggestions.didYouMean(text.trim(), keys));
            }
            return found;
        });
        Optional<List<String>> names = f.list("endpoints", e -> Optional.of(e.text().trim()));
        if (names.isEmpty()) {
            if (select.isPresent()) {
                binding.problem(f.child("hostSelect"), "hostSelect chooses among 'endpoints'; list them, e.g."
                        + " endpoints: [s3-1, s3-2]");
            }
            return Optional.empty();
        }
        if (f.has("endpoint")) {
            binding.problem(f.child("endpoints"), "a load stage talks to one 'endpoint' or spreads over 'endpoints',"
                    + " not both");
        }
        List<String> distinct = names.get().stream().distinct().toList();
        if (distinct.size() < names.get().size()) {
            binding.problem(f.child("endpoints"), "an endpoint is listed twice; each worker goes to one of them");
        }
        return Optional.of(new LoadEndpoints(distinct, select.orElse(LoadEndpoints.Select.ROUNDROBIN)));
    }

    /** {@code after}, {@code with} and {@code onFailure}; names are checked against the stages by WorkloadChecks. */
    private StageGraph graph(Fields f) {
        JsonNode rawAfter = f.raw("after");
        Optional<List<String>> after = rawAfter instanceof ArrayNode a
                && a.isEmpty() ? Optional.of(List.of()) : f.list("after", e -> Optional.of(e.text().trim()));
        Optional<String> with = f.text("with").map(String::trim);
        if (after.isPresent() && with.isPresent()) {
            binding.problem(f.child("with"), "a stage runs 'with' another (starting and stopping with it) or"
                    + " 'after' others, not both");
        }
        return new StageGraph(after, with, f.choiceOr("onFailure", StageGraph.OnFailure.class));
    }

    private static String trimSlashes(String prefix) {
        return prefix.replaceAll("^/+|/+$", "");
    }

    private static String baseName(String source) {
        String file = source.substring(source.lastIndexOf('/') + 1);
        return file.replaceFirst("\\.ya?ml$", "");
    }
}
