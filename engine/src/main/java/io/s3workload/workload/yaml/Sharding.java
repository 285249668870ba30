package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.s3workload.workload.Defaults;
import io.s3workload.workload.Shard;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.TranscodeStage;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@code run --shard I/N}: gives this shard its share of the workload before binding, so that N shards together
 * run what one process would: workers ({@code concurrency}, {@code jobs}, {@code connections}, a sweep's
 * {@code threads}, a closed-loop ramp's {@code to}), counts ({@code objects}, {@code operations},
 * {@code iterations}) split evenly with the first shards taking the remainder, and rates ({@code rate}, an open
 * loop's ramp {@code to}) divided exactly. A share is at least 1. Sizes, durations and sources are not divided:
 * every shard writes objects as large, for as long. Values given with {@code --set} are shared too (they say
 * what the whole run does).
 */
final class Sharding {

    private static final Set<String> WORKERS = Set.of("concurrency", "jobs", "connections", "threads");
    private static final Set<String> COUNTS = Set.of("objects", "operations", "iterations");

    private final Shard shard;

    private Sharding(Shard shard) {
        this.shard = shard;
    }

    static void apply(LocatedTree tree, Shard shard) {
        if (shard.count() == 1) {
            return;
        }
        Sharding sharding = new Sharding(shard);
        String defaultWorkers = tree.root().path("defaults").path("concurrency").asText(
                Integer.toString(Defaults.CONCURRENCY));
        if (tree.root().get("defaults") instanceof ObjectNode defaults) {
            sharding.walk(defaults, false);
        }
        if (tree.root().get("stages") instanceof ArrayNode stages) {
            for (JsonNode stage : stages) {
                sharding.stage(stage, defaultWorkers);
            }
        }
    }

    /** A stage: its workers made explicit where a default would apply, then every key shared. */
    private void stage(JsonNode node, String defaultWorkers) {
        if (!(node instanceof ObjectNode stage)) {
            return;
        }
        StageKind.fromKey(stage.path("kind").asText("")).map(StageKind::workers).ifPresent(workers -> {
            // a default that would apply in every shard is made explicit first, so that each takes its share
            switch (workers) {
                case CONCURRENCY -> {
                    if (!stage.has("concurrency") && !stage.has("ramp")) {
                        stage.set("concurrency", TextNode.valueOf(defaultWorkers));
                    }
                }
                case JOBS -> {
                    if (!stage.has("jobs")) {
                        stage.set("jobs", TextNode.valueOf(Integer.toString(TranscodeStage.DEFAULT_JOBS)));
                    }
                }
                case ONE, MEMBERS -> {
                    // one worker stays one; members are sharded on their own
                }
            }
        });
        if (stage.get("stages") instanceof ArrayNode inner) {
            inner.forEach(s -> stage(s, defaultWorkers));
        }
        if (stage.get("stage") instanceof ObjectNode inner) {
            stage(inner, defaultWorkers);
        }
        walk(stage, stage.has("rate"));
    }

    private void walk(ObjectNode object, boolean openLoop) {
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode value = e.getValue();
            if (key.equals("stages") || key.equals("stage")) {
                continue;
            }
            if (value.isTextual()) {
                String shared = shared(key, value.textValue(), openLoop);
                if (shared != null) {
                    object.set(key, TextNode.valueOf(shared));
                }
            } else if (value instanceof ArrayNode array) {
                for (int i = 0; i < array.size(); i++) {
                    if (array.get(i).isTextual()) {
                        String shared = shared(key, array.get(i).textValue(), openLoop);
                        if (shared != null) {
                            array.set(i, TextNode.valueOf(shared));
                        }
                    } else if (array.get(i) instanceof ObjectNode step && key.equals("ramp")) {
                        JsonNode to = step.get("to");
                        if (to != null && to.isTextual()) {
                            String shared = openLoop ? rate(to.textValue()) : whole(to.textValue());
                            if (shared != null) {
                                step.set("to", TextNode.valueOf(shared));
                            }
                        }
                    }
                }
            }
        }
    }

    private String shared(String key, String text, boolean openLoop) {
        if (WORKERS.contains(key) || COUNTS.contains(key)) {
            return whole(text);
        }
        return key.equals("rate") ? rate(text) : null;
    }

    private String whole(String text) {
        try {
            long n = Long.parseLong(text.trim().replace("_", ""));
            return n < 1 ? null : Long.toString(Math.max(1, shard.share(n)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private String rate(String text) {
        OptionalDouble perSecond = LoadBinder.perSecond(text);
        return perSecond.isEmpty() ? null : String.format(Locale.ROOT, "%.6f/s", perSecond.getAsDouble()
                / shard.count());
    }
}
