package io.s3workload.report.plan;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.ground.Keyed;
import io.s3workload.ground.Units;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.Plan;
import io.s3workload.plan.PlanWarnings;
import io.s3workload.plan.StagePlan;
import io.s3workload.report.console.StageHeaders;
import io.s3workload.report.console.StageText;
import io.s3workload.report.console.Table;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.objects.ObjectSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/** Renders a compiled plan as text for {@code s3workload plan}: no network, nothing started. */
public final class PlanPrinter {

    private PlanPrinter() {
    }

    public static String render(Plan plan) {
        StringBuilder out = new StringBuilder();
        header(plan, out);
        stages(plan, out);
        out.append(extras(plan));
        out.append(PlanLanes.of(plan));
        PlanWarnings.of(plan).forEach(w -> out.append("\n  warning: ").append(w).append('\n'));
        return out.toString();
    }

    /** The workload's bucket, keys, endpoints, and what --scale and decimal units changed. */
    private static void header(Plan plan, StringBuilder out) {
        out.append("Plan for workload ").append(plan.name()).append(" (").append(plan.source()).append(")\n");
        if (plan.buckets().size() > 1) {
            out.append("  buckets    ").append(String.join(", ", plan.buckets())).append(" (each key in one, by a hash"
                    + " of it; each cell also per bucket)").append(plan.createBucket() ? "; those missing created,"
                    + " and removed after the cleanup" : "").append('\n');
        } else {
            out.append("  bucket     ").append(plan.bucket()).append(plan.createBucket() ? " (created if missing)" : "")
                    .append('\n');
        }
        out.append("  keys under ").append(plan.prefix().isEmpty() ? "" : plan.prefix() + "/").append("<run-id>/")
                .append(plan.keep() ? ", kept after the run (keep: true)" : ", removed after the run").append('\n');
        if (plan.endpoints().isEmpty()) {
            out.append("  endpoint   ").append(Plan.EMBEDDED)
                    .append(": in-process S3 server on 127.0.0.1, started by 'run'\n");
        }
        plan.endpoints().values().forEach(e -> out.append("  endpoint   ").append(e.name()).append(": ")
                .append(e.printableUrl()).append(", region ").append(e.region()).append(switch (e.regionFrom()) {
                    case EndpointSpec.REGION_GIVEN -> "";
                    case EndpointSpec.REGION_DEFAULTED -> " (none given; if the server refuses"
                            + " it and names the bucket's region, the run signs for that)";
                    default -> " (from " + e.regionFrom() + ")";
                }).append(e.pathStyle() ? ", path-style" : "")
                .append(", credentials from ").append(e.credentials()).append(StageHeaders.connection(e))
                .append(e.serverMetrics().map(m -> "; its store's metrics from "
                        + m.describe()).orElse("")).append('\n'));
        if (plan.scaled().scaled()) {
            out.append("  scaled     ").append(plan.scaled().summary(0).replaceAll(", e\\.g\\. $", ":"))
                    .append('\n');
            plan.scaled().changes().forEach(c -> out.append("               ").append(c).append('\n'));
        }
        if (!plan.scaled().decimal().isEmpty()) {
            out.append("  decimal    sizes in kB, MB, GB or TB are powers of 1000 (KiB, MiB, GiB, TiB: of 1024):\n");
            plan.scaled().decimal().forEach(c -> out.append("               ").append(c.where()).append(' ')
                    .append(c.from()).append(" = ").append(c.to()).append('\n'));
        }
    }

    /** The table of stages and their cells, and what is known of the run's size in advance. */
    private static void stages(Plan plan, StringBuilder out) {
        out.append('\n');
        Table table = new Table(List.of("#", "stage", "kind", "endpoint", "workers", "size", "operations", "keys",
                "duration", "bytes"), true, false, false, false, true, true, true, true, true, true);
        long knownOps = 0;
        long knownBytes = 0;
        boolean open = false;
        boolean stopsWith = false;
        for (StagePlan stage : plan.stages()) {
            for (CellPlan cell : stage.cells()) {
                table.add(List.of(Integer.toString(stage.index() + 1), stage.name(), stage.kind().key(),
                        endpoints(stage), Integer.toString(stage.concurrency()),
                        size(stage, cell), operations(stage, cell), keys(stage, cell),
                        cell.duration().map(Durations::format).orElse("-"), bytes(stage, cell)));
                if (stage.with().isPresent()) {
                    stopsWith = true; // its count is a most: it stops when the stage it runs with ends
                } else if (cell.operations().isPresent()) {
                    knownOps += cell.operations().getAsLong();
                    knownBytes += movesData(stage) ? cell.expectedBytes().orElse(0) : 0;
                    open |= movesData(stage) && cell.expectedBytes().isEmpty(); // existing objects' sizes
                } else {
                    open = true;
                }
            }
            stage.seedObjects().ifPresent(n -> table.add(List.of("", "  (seed)", "put", stage.endpoint(),
                    Integer.toString(stage.concurrency()), "each size", Long.toString(n), Long.toString(n), "-",
                    "not measured")));
            stage.spec().preparedSources().ifPresent(sources -> {
                table.add(List.of("", "  (sources)", "put", stage.endpoint(),
                        Integer.toString(Math.min(stage.concurrency(), sources.count())),
                        sources.size().toString(), Integer.toString(sources.count()),
                        Integer.toString(sources.count()), "-", sources.reuse() ? "unless present" : "not measured"));
            });
        }
        out.append(table.render("  "));
        out.append('\n').append("  ").append(Units.count(plan.stages().size(), "stage")).append("; ")
                .append(Units.count(knownOps, "operation")).append(" and ").append(DataSize.ofBytes(knownBytes)).append(" known in advance")
                .append(open ? ", plus the duration-bound cells" : "")
                .append(stopsWith ? (open ? " and" : ", plus") + " the stages that stop with another (their counts"
                        + " are at most)" : "").append('\n');
    }

    /**
     * What stages do besides the table's columns, one line a stage that sets any of it: its client where it is not
     * the default one, warm-up, stopWhenStable, how workers spread over endpoints, what writes store with each
     * object, checksum validation on reads.
     */
    static String extras(Plan plan) {
        StringBuilder out = new StringBuilder();
        for (StagePlan stage : plan.stages()) {
            var common = stage.spec().common();
            List<String> parts = new ArrayList<>();
            StageText.Notes notes = StageText.of(stage.kind()).notes(stage);
            parts.addAll(notes.first());
            client(stage.client()).ifPresent(parts::add);
            common.warmUp().ifPresent(d -> parts.add("warm-up " + Durations.format(d)
                    + " a cell, not measured"));
            common.stopWhenStable().ifPresent(w -> parts.add("stops when stable (each second within "
                    + w.withinText() + " of the mean over " + Durations.format(w.window())
                    + ")"));
            stage.spread().ifPresent(s -> parts.add("workers " + (s.select()
                    == LoadEndpoints.Select.ROUNDROBIN ? "in turn" : "at random") + " over "
                    + String.join(", ", s.names())));
            stage.spec().existing().ifPresent(p -> parts.add("reads the existing objects under " + p.prefix()
                    + " (listed when the stage starts, not measured; never written, deleted or verified)"));
            stage.spec().bodies().ifPresent(data -> parts.add("data " + data + (data.unique()
                    ? " (every body distinct, nothing for a data-reducing store to shrink)" : "")));
            parts.addAll(writeNotes(stage.spec().writes()));
            parts.addAll(notes.last());
            if (!parts.isEmpty()) {
                out.append(out.isEmpty() ? "\n  Stage settings:\n" : "").append("  ").append(stage.name())
                        .append(": ").append(String.join("; ", parts)).append('\n');
            }
        }
        return out.toString();
    }

    /** What a stage stores with each object besides its bytes, in the plan's words. */
    private static List<String> writeNotes(ObjectSettings writes) {
        List<String> parts = new ArrayList<>();
        writes.sse().ifPresent(sse -> parts.add("sse " + sse.type().key() + sse.kmsKeyId().map(k -> " (" + k + ")")
                .orElse("")));
        writes.storageClass().ifPresent(c -> parts.add("storage class " + c));
        if (!writes.metadata().isEmpty()) {
            parts.add("metadata " + String.join(", ", new TreeSet<>(writes.metadata().keySet())));
        }
        if (!writes.tags().isEmpty()) {
            parts.add(writes.tags().size() + (writes.tags().size() == 1 ? " object tag" : " object tags"));
        }
        if (writes.checksum() != ObjectSettings.Checksum.NONE) {
            parts.add("checksum " + writes.checksum().key());
        }
        writes.retention().ifPresent(r -> parts.add(r.mode().key() + " retention for "
                + Durations.format(r.period()) + " from each write (" + (r.mode()
                == ObjectSettings.Retention.Mode.GOVERNANCE
                ? "the cleanup bypasses it: needs s3:BypassGovernanceRetention"
                : "nobody can lift it: the cleanup waits it out") + ")"));
        if (writes.legalHold()) {
            parts.add("legal hold on each object (the cleanup lifts it: needs s3:PutObjectLegalHold)");
        }
        return parts;
    }

    /** The client a stage runs with, as far as it is not {@link ClientSettings#DEFAULT}: what runs, resolved. */
    static Optional<String> client(ClientSettings c) {
        ClientSettings d = ClientSettings.DEFAULT;
        List<String> said = new ArrayList<>();
        if (c.kind() != d.kind() || c.checksums() != d.checksums()) {
            said.add("client " + Keyed.word(c.kind()) + ", checksums " + Keyed.word(c.checksums()));
        }
        if (c.sharing() != d.sharing()) {
            said.add("one client per worker");
        }
        if (!c.timeouts().equals(d.timeouts())) {
            said.add("timeouts connect " + Durations.format(c.timeouts().connect()) + ", first byte "
                    + Durations.format(c.timeouts().firstByte())
                    + c.timeouts().total().map(t -> ", total " + Durations.format(t)).orElse(""));
        }
        if (c.retries() != d.retries()) {
            said.add(c.retries() + (c.retries() == 1 ? " retry" : " retries") + " of a failure that may pass");
        }
        if (c.backOff() != d.backOff()) {
            said.add("no back-off from a refused store");
        }
        return said.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", said));
    }

    /**
     * The endpoint; for a stage spread over several, them all ({@code s3-1,s3-2}); for a probe, its writers and
     * readers ({@code global -> global,iad}) or checked endpoints.
     */
    private static String endpoints(StagePlan stage) {
        if (!stage.kind().probe()) {
            return stage.spread().map(s -> String.join(",", s.names())).orElse(stage.endpoint());
        }
        if (stage.roles().writers().isEmpty()) {
            return String.join(",", stage.roles().readers());
        }
        return String.join(",", stage.roles().writers()) + " -> " + stage.roles().readersText().replace(" ", "")
                + " (" + stage.roles().pairCount() + " pairs)";
    }

    /** A cell's object size; none for a stage that moves no objects of a size. */
    private static String size(StagePlan stage, CellPlan cell) {
        return StageText.of(stage.kind()).sized() ? cell.size().toString() : "-";
    }

    /** How many keys a cell touches: a count known in advance, or where they come from. */
    private static String keys(StagePlan stage, CellPlan cell) {
        return cell.keys().isPresent() ? Long.toString(cell.keys().getAsLong()) : StageText.of(stage.kind()).keys(stage);
    }

    private static String operations(StagePlan stage, CellPlan cell) {
        if (cell.operations().isPresent()) {
            return (stage.with().isPresent() ? "≤ " : "") + cell.operations().getAsLong();
        }
        return cell.duration().isPresent() ? "until time" : "1 per key";
    }

    private static boolean movesData(StagePlan stage) {
        return stage.kind().has(StageKind.Trait.MOVES_DATA);
    }

    private static String bytes(StagePlan stage, CellPlan cell) {
        if (!movesData(stage)) {
            return "-";
        }
        return cell.expectedBytes().isPresent() ? (stage.with().isPresent() ? "≤ " : "")
                + DataSize.ofBytes(cell.expectedBytes().getAsLong()) : "?";
    }
}
