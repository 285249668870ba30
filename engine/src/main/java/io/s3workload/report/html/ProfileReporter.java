package io.s3workload.report.html;

import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import io.s3workload.result.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code profile} ({@code --profile}): where the client's own CPU went over the whole run, for a user who suspects
 * the tool rather than the store. Writes {@code profile.html} (a flame graph), {@code profile.collapsed} (the folded
 * stacks, one {@code frame;frame;... count} line each, as flamegraph.pl, speedscope and async-profiler's converters
 * read them) and {@code profile.jfr} (the flight recording itself) to the results directory. Sampling cost nothing
 * measurable in src/bench/profile-overhead.sh ({@link ClientProfile}).
 */
public final class ProfileReporter implements Reporter {

    public static final String HTML = "profile.html";
    public static final String COLLAPSED = "profile.collapsed";
    public static final String RECORDING = "profile.jfr";

    private final ResultsDirectory results;
    private final PrintStream console;
    private ClientProfile profile;
    private Path directory;
    private String runId;

    public ProfileReporter(ResultsDirectory results, PrintStream console) {
        this.results = results;
        this.console = console;
    }

    @Override
    public void runStarted(RunInfo run) {
        directory = results.forRun(run.runId());
        runId = run.runId();
        profile = ClientProfile.start();
    }

    @Override
    public void runFinished(RunResult result) {
        if (profile == null) {
            return;
        }
        try {
            Map<String, Long> stacks = profile.stop(directory.resolve(RECORDING));
            Files.writeString(directory.resolve(COLLAPSED), stacks.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey(Comparator.naturalOrder()))
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining("\n", "", "\n")),
                    StandardCharsets.UTF_8);
            Files.writeString(directory.resolve(HTML), FlameGraph.html("Client CPU profile of run " + runId,
                    profile.sampling(), stacks), StandardCharsets.UTF_8);
            long samples = stacks.values().stream().mapToLong(Long::longValue).sum();
            console.println("Profile: " + directory.resolve(HTML) + " (" + samples + " samples; folded stacks in "
                    + COLLAPSED + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the profile to " + directory + ": " + e.getMessage(), e);
        } finally {
            profile = null;
        }
    }

    @Override
    public void close() {
        if (profile != null) { // a run that never finished: stop sampling all the same
            try {
                profile.stop(directory.resolve(RECORDING));
            } catch (IOException | IllegalStateException e) {
                // nothing to report to: the run is gone
            }
            profile = null;
        }
    }
}
