package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.report.analyze.OpsAnalysis;
import io.s3workload.report.analyze.OpsSliceReport;
import io.s3workload.report.analyze.SliceOptions;
import io.s3workload.report.analyze.WebAnalysis;
import io.s3workload.report.finished.ReportFiles;
import io.s3workload.result.SummaryJson;
import io.s3workload.workload.yaml.Suggestions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code s3workload analyze PATH...}: a run's operations cut again from its ops log, or warp's. */
@Command(name = "analyze", header = "Cut a run's operations again from its ops log (or warp's --full output).",
        mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Reads the ops log a run wrote with --report ops (ops.csv.zst), or warp's per-operation output "
                + "(warp ... --full: warp-*.csv.zst), and prints its cells for the slice asked: their operations, "
                + "errors, rates and latencies. Without options it gives the run's own cells (the counts exactly, "
                + "the latencies within HdrHistogram's precision). With --out it also writes the slice as a run's "
                + "results: summary.json, CSV and report.html. See docs/ops-log.md.",
                "Exit codes: 0 ok (with --web: stopped with Ctrl-C); 2 a file is missing, is not an ops log, or is cut short or corrupt, or --web cannot listen where asked."})
final class AnalyzeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "A results directory, an ops.csv.zst, a "
            + "directory of shards' results, or warp's output file.")
    List<Path> paths;

    @Option(names = "--stage", paramLabel = "NAME", description = "Only this stage's operations.")
    String stage;

    @Option(names = "--op", paramLabel = "OP", description = "Only this operation: GET, PUT, HEAD, DELETE, LIST, ...")
    String op;

    @Option(names = "--endpoint", paramLabel = "NAME", description = "Only the operations sent to this endpoint.")
    String endpoint;

    @Option(names = "--host", paramLabel = "HOST:PORT", description = "Only the operations sent to this address "
            + "(the ops log's host column: the connected address with client: http, the endpoint URL's otherwise; "
            + "warp's endpoint).")
    String host;

    @Option(names = "--skip", paramLabel = "DURATION", description = "Leave out each cell's first DURATION (a "
            + "warm-up), e.g. 30s.")
    String skip;

    @Option(names = "--segment", paramLabel = "DURATION", description = "Also print each cell by segments of "
            + "DURATION from its first operation (ops/s, MiB/s, p50, p99), with the fastest, median and slowest.")
    String segment;

    @Option(names = "--from", paramLabel = "TIME", description = "Only operations that began at TIME or later "
            + "(UTC, e.g. 2026-11-26T12:03:10Z).")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "Only operations that began before TIME.")
    String to;

    @Option(names = "--by", paramLabel = "COLUMN", description = "A row per value of COLUMN in each cell: endpoint, "
            + "host, shard, worker, bucket, size.")
    String by;

    @Option(names = "--first-access", description = "Split each cell's reads (GET, RANGE_GET) into the first read "
            + "of each key and the repeats: a cache in front of the store shows itself in the repeats' latency.")
    boolean firstAccess;

    @Option(names = "--own", description = "The tool's own operations (preparation, warm-up, check, preflight, cleanup) "
            + "instead of the measured ones.")
    boolean own;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write the slice as a run's results into DIR: "
            + "summary.json, the CSV files and report.html (see --report), its cells with their per-second timelines; "
            + "a --by value or a read's first access is shown after the cell's endpoint, in brackets.")
    Path out;

    @Option(names = "--web", paramLabel = "[HOST:]PORT", description = "Then serve the run's page at "
            + "http://HOST:PORT/ (default host 127.0.0.1; PORT 0: any free port) until stopped with Ctrl-C: its stages as "
            + "the page of a running run (--web) shows them, cut on the page by the options above (segment, skip, "
            + "filters, by), with what this command prints and the slice's report.html. PATH may also be a results "
            + "directory with summary.json and its HdrHistogram logs (--report json,hdr), which stage, op and endpoint "
            + "cut. See docs/reports.md.")
    String web;

    @Option(names = "--report", paramLabel = "LIST", split = ",", defaultValue = "json,csv,html",
            description = "With --out: which of json, csv, html to write (default: ${DEFAULT-VALUE}).")
    List<String> reports;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            OpsAnalysis.Slice slice = SliceOptions.parse(options());
            if (web != null && WebAnalysis.fromSummary(paths)) {
                return serve(); // no ops log to print from: the page shows the run's cells
            }
            List<Path> files = OpsAnalysis.files(paths);
            List<String> written = out == null ? List.of() : reportNames();
            // read once: printed, and with --out written as a run's results too
            OpsAnalysis.Aggregate all = OpsAnalysis.read(files, slice, out != null);
            System.out.print(OpsAnalysis.analyze(all, files, slice));
            if (out != null) {
                write(all, files, written);
            }
            return web == null ? ExitCodes.OK : serve();
        } catch (IOException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    /** {@code --web}: the page over the paths, the options given as its first slice, until Ctrl-C. */
    private int serve() throws IOException {
        try (WebAnalysis page = WebAnalysis.serve(web, paths)) {
            String query = options().entrySet().stream().map(e -> e.getKey() + "=" + URLEncoder.encode(
                    e.getValue(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&"));
            System.out.println("Analysis page: " + page.uri() + (query.isEmpty() ? "" : "?" + query)
                    + " (Ctrl-C to stop)");
            page.serveUntilStopped();
            return ExitCodes.OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.OK;
        } catch (UncheckedIOException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    /** The reports --report names, checked before anything is read: json, and those a run's report rebuilds. */
    private List<String> reportNames() {
        List<String> known = new ArrayList<>(List.of("json"));
        known.addAll(ReportFiles.names());
        for (String name : reports) {
            if (!known.contains(name.trim())) {
                throw new IllegalArgumentException("--report: unknown report '" + name.trim() + "'"
                        + Suggestions.didYouMean(name.trim(), known)
                        + "; expected one or more of " + String.join(", ", known));
            }
        }
        return reports.stream().map(String::trim).distinct().toList();
    }

    private void write(OpsAnalysis.Aggregate all, List<Path> files, List<String> names) throws IOException {
        OpsSliceReport.SliceReport sliced = OpsSliceReport.of(all, files, described());
        Files.createDirectories(out);
        List<Path> written = new ArrayList<>();
        if (names.contains("json")) {
            Path summary = out.resolve(SummaryJson.FILE);
            Files.writeString(summary, SummaryJson.write(SummaryJson.of(sliced.report())),
                    StandardCharsets.UTF_8);
            written.add(summary);
        }
        List<String> others = names.stream().filter(n -> !n.equals("json")).toList();
        written.addAll(ReportFiles.write(sliced.report(), others, out));
        System.out.println();
        if (!sliced.leftOut().isEmpty()) {
            System.out.println("Left out of the reports (the tool's own requests, which a run's cells do not"
                    + " count): " + sliced.leftOut().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", ")));
        }
        System.out.println("The slice as a run's results: " + written.stream().map(p -> p.getFileName().toString())
                .collect(Collectors.joining(", ")) + " in " + out.toAbsolutePath());
    }

    /** The arguments as given (files and options), as summary.json and report.html name the slice. */
    private String described() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        // picocli gives the whole command line: what follows the command's own name
        return String.join(" ", args.subList(args.indexOf(spec.name()) + 1, args.size()));
    }

    /** The slice's options as given, by their names without dashes ({@link SliceOptions}). */
    private Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        BiConsumer<String, String> put = (name, value) -> {
            if (value != null) {
                o.put(name, value);
            }
        };
        put.accept("stage", stage);
        put.accept("op", op);
        put.accept("endpoint", endpoint);
        put.accept("host", host);
        put.accept("skip", skip);
        put.accept("segment", segment);
        put.accept("from", from);
        put.accept("to", to);
        put.accept("by", by);
        put.accept("first-access", firstAccess ? "true" : null);
        put.accept("own", own ? "true" : null);
        return o;
    }
}
