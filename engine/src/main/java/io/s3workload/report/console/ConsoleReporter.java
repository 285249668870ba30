package io.s3workload.report.console;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.Progress;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageReport;
import io.s3workload.result.StageResult;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Prints a run for people: a header, live progress (rewritten in place on a terminal, one plain line a second
 * otherwise), a t3-validator style block per stage under that stage's header, the composite stages' tables
 * ({@link CompositeBlocks}), and a summary at the end ({@link RunSummary}). Every event names its stage, so stages
 * that run at the same time each print under their own header.
 */
public final class ConsoleReporter implements Reporter {

    private final PrintStream out;
    private final boolean terminal;
    private final boolean showProgress;
    private boolean progressLineOpen;
    private int stageCount;
    private Map<String, String> endpointUrls = Map.of();
    private CellBlock.Cpu cpu = CellBlock.Cpu.ofThisProcess(false);
    private CompositeBlocks composites = new CompositeBlocks(List.of());
    private final List<String> skipped = new ArrayList<>();
    /** The stage whose header was printed last: another stage's results get a header of their own first. */
    private String lastHeader = "";
    /** Stages running now: with more than one, progress goes in plain lines, each naming its stage. */
    private int running;
    private Plan plan;
    /** The section whose banner was printed last, and every section whose banner has been printed. */
    private String lastSection = "";
    private final Set<String> sectionsShown = new HashSet<>();

    public ConsoleReporter(PrintStream out, boolean terminal, boolean showProgress) {
        this.out = out;
        this.terminal = terminal;
        this.showProgress = showProgress;
    }

    @Override
    public void runStarted(RunInfo run) {
        stageCount = run.plan().stages().size();
        plan = run.plan();
        composites = new CompositeBlocks(run.plan().stages());
        endpointUrls = run.endpointUrls();
        cpu = CellBlock.Cpu.ofThisProcess(run.serverInProcess());
        out.println("s3workload: workload " + run.plan().name() + " (" + run.plan().source() + ")");
        out.println("  run id    " + run.runId() + "   seed " + run.seed());
        out.println((run.plan().buckets().size() > 1 ? "  buckets   " + String.join(", ", run.plan().buckets())
                : "  bucket    " + run.plan().bucket()) + "   prefix " + run.runPrefix());
        out.println("  data      " + StageHeaders.data(run.plan()));
        if (run.plan().scaled().scaled()) {
            out.println("  scaled    " + run.plan().scaled().summary(3) + (run.plan().scaled().changes().size() > 3
                    ? " (all of them: s3workload plan with the same --scale, or summary.json)" : ""));
        }
        run.endpointUrls().forEach((name, url) -> out.println("  endpoint  " + name + "  " + url
                + (run.serverInProcess() ? "  (embedded: in this process, so CPU figures are client + server)"
                : "") + StageHeaders.connection(run.plan().endpoints().get(name))
                + run.plan().endpoints().get(name).serverMetrics().map(m -> "\n            metrics "
                        + m.describe()).orElse("")));
        out.flush();
    }

    @Override
    public void stageStarted(StagePlan stage) {
        running++;
        closeProgressLine();
        Optional.ofNullable(plan).flatMap(p -> p.sectionOf(stage)).filter(t -> !t.equals(lastSection))
                .ifPresent(title -> {
            out.print(Sections.banner(title, !sectionsShown.add(title)));
            lastSection = title;
        });
        if (CompositeBlocks.isSweep(stage)) {
            if (composites.startsSweep(stage)) {
                out.print(StageHeaders.sweep(stage, stageCount));
            }
        } else {
            lastHeader = stage.name();
            out.print(StageHeaders.started(stage, stageCount));
        }
        out.flush();
    }

    @Override
    public void progress(Progress p) {
        if (!showProgress) {
            return;
        }
        String done = p.plannedNanos().isPresent()
                ? Units.seconds(p.elapsedNanos()) + "/" + Units.seconds(p.plannedNanos().getAsLong())
                : Units.seconds(p.elapsedNanos());
        // attempts against attempts planned, as the block's "(N attempts in ...)": successes and errors together
        long attempts = p.operationsDone() + p.errors();
        String ops = p.plannedOperations().isPresent()
                ? attempts + "/" + Units.count(p.plannedOperations().getAsLong(), "attempt")
                : Units.count(attempts, "attempt");
        // under another stage's header (stages overlap, or one printed its results since), a line names its stage
        boolean underItsHeader = running <= 1 && p.cell().stage().equals(lastHeader);
        String label = underItsHeader ? p.cell().label() : p.cell().stage() + " " + p.cell().label();
        String line = String.format(Locale.ROOT, "  %-12s %s  %s  %s ops/s  %s  %d ok, %s", label, done,
                ops, Units.rate(p.opsPerSecond()), Units.mibPerSecond(p.bytesPerSecond()), p.operationsDone(),
                Units.count(p.errors(), "error"));
        if (terminal && underItsHeader) {
            out.print("\r" + line + "\033[K");
            progressLineOpen = true;
        } else {
            out.println(line);
        }
        out.flush();
    }

    @Override
    public void note(String stage, String message) {
        closeProgressLine();
        out.println("  " + stage + ": " + message);
        out.flush();
    }

    @Override
    public void stageFinished(StageResult result) {
        closeProgressLine();
        if (result.skipped().isPresent()) {
            skipped.add(result.stage().name() + ": " + result.skipped().get());
            return;
        }
        running--;
        if (!CompositeBlocks.isSweep(result.stage())) {
            if (!result.stage().name().equals(lastHeader)) {
                lastHeader = result.stage().name();
                out.print(StageHeaders.alongside(result.stage(), stageCount));
            }
            out.print(blocks(result));
            out.print(FindingBlocks.stage(StageReport.of(result)));
            if (result.interrupted()) {
                out.println("  (interrupted)");
            }
        }
        out.print(composites.finished(result));
        out.flush();
    }

    /**
     * The stage's own blocks, as its kind shows them ({@link StageText#blocks}). What it found beyond its cells
     * follows them, whatever its kind ({@link FindingBlocks#stage}).
     */
    private String blocks(StageResult result) {
        return StageText.of(result.stage().kind()).blocks(result, new StageText.Console() {
            @Override
            public String cells(StageResult stage, boolean showEndpoint) {
                return cellBlocks(stage, showEndpoint);
            }

            @Override
            public Map<String, String> endpointUrls() {
                return endpointUrls;
            }
        });
    }

    /** A block per cell, each followed by an empty line. */
    private String cellBlocks(StageResult result, boolean showEndpoint) {
        StringBuilder b = new StringBuilder();
        result.cells().forEach(cell -> b.append(CellBlock.of(cell, showEndpoint, cpu, plannedNanos(result, cell)))
                .append('\n'));
        return b.toString();
    }

    /** How long the stage's plan lets {@code cell} start operations, if it is duration-bound (else 0). */
    private static long plannedNanos(StageResult result, CellStats cell) {
        return result.stage().cells().stream().filter(p -> p.size().equals(cell.key().size()))
                .map(p -> p.duration().map(Duration::toNanos).orElse(0L)).findFirst().orElse(0L);
    }

    @Override
    public void runFinished(RunResult result) {
        closeProgressLine();
        out.print(composites.cutShort());
        out.print(RunSummary.of(result, skipped, cpu));
        out.flush();
    }

    private void closeProgressLine() {
        if (progressLineOpen) {
            out.println();
            progressLineOpen = false;
        }
    }
}
