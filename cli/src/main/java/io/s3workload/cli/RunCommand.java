package io.s3workload.cli;

import io.s3workload.cli.options.Sharded;
import io.s3workload.cli.options.StageOptions;
import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.StopSignals;
import io.s3workload.cli.terminal.Terminal;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.ground.Durations;
import io.s3workload.ground.Shard;
import io.s3workload.plan.Plan;
import io.s3workload.plan.PlanWarnings;
import io.s3workload.plan.Planner;
import io.s3workload.report.Reporters;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.run.EndpointUnavailableException;
import io.s3workload.run.Engine;
import io.s3workload.run.RunOptions;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.paths.ResultsUpload;
import io.s3workload.server.EmbeddedS3;
import io.s3workload.workload.Workload;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code s3workload run}: runs a workload and prints its report. */
@Command(name = "run", header = "Run a workload and report what it measured.", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        abbreviateSynopsis = true,
        description = {"Run a workload and print the report. Every object is written under <prefix>/<run-id>/ and"
                + " removed at the end (also on Ctrl-C) unless the workload says keep: true. Without an endpoint in"
                + " the workload or --endpoint, an in-process S3 server on 127.0.0.1 is used.",
            "",
            "Exit codes:",
            "  0    ok",
            "  1    a failOn threshold was crossed",
            "  2    bad workload or usage",
            "  3    endpoint unreachable, credentials refused or bucket missing",
            "  4    internal error",
            "  130  interrupted by Ctrl-C or SIGTERM, cleanup done (see --cleanup-timeout)",
            "",
            "Ctrl-C interrupts the operations in flight at once and gives the cleanup --cleanup-timeout; a second"
                + " Ctrl-C skips it. Whatever is left is written to a manifest that 's3workload cleanup' finishes.",
            ""})
final class RunCommand implements Callable<Integer> {

    /** How long past the cleanup timeout the shutdown hook waits for the run to end. */
    private static final Duration CLEANUP_GRACE = Duration.ofSeconds(10);

    @Mixin
    StageOptions workload;

    @Option(names = "--embedded", description = "Run against the in-process S3 server even if the workload names endpoints (every endpoint then points at it, and the bucket is created).")
    boolean embedded;

    @Option(names = "--embedded-backend", paramLabel = "memory|fs", defaultValue = "memory",
            converter = BackendConverter.class,
            description = "Where the embedded server keeps objects: memory (on the heap, at most 4 GiB at once; the default) or fs (a temporary directory, removed at exit; for large objects).")
    EmbeddedS3.Backend backend;

    @Option(names = "--no-progress", description = "Do not print the live progress lines.")
    boolean noProgress;

    @Option(names = "--report", paramLabel = "NAME", split = ",",
            description = "Reports to produce (default: the workload's 'reports:', else console): console (progress and tables on stdout), csv (summary.csv, timeseries.csv), json (summary.json), hdr (HdrHistogram interval logs), html (report.html with charts), ops (ops.csv.zst: a row per operation, docs/ops-log.md), profile (the client's CPU profile, as --profile), prometheus (live /metrics, as --prometheus-port), otlp (as --otlp), web (the live page, as --web). See docs/reports.md.")
    List<String> reports;

    @Option(names = "--prometheus-port", paramLabel = "PORT",
            description = "Serve live metrics for Prometheus at http://HOST:PORT/metrics while the run goes on (9464 is Prometheus's usual port for exporters; see docs/metrics.md).")
    Integer prometheusPort;

    @Option(names = "--prometheus-host", paramLabel = "HOST", defaultValue = "0.0.0.0",
            description = "The address /metrics listens on (default: all interfaces, so a Prometheus elsewhere can"
                    + " scrape it).")
    String prometheusHost;

    @Option(names = "--web", paramLabel = "[HOST:]PORT",
            description = "Serve a page that shows the run as it happens at http://HOST:PORT/ (default host: 127.0.0.1,"
                    + " loopback only; 0.0.0.0:PORT to be reached from elsewhere; PORT 0: any free port): the plan and"
                    + " each stage's state, every cell's counts, last second and charts, updated every second, and"
                    + " the final report.html once the run ends (see docs/reports.md).")
    String web;

    @Option(names = "--otlp", paramLabel = "URL",
            description = "Push live metrics over OTLP (HTTP) to this URL every second, e.g. "
                    + "http://collector:4318/v1/metrics (the same meters as Prometheus; see docs/metrics.md).")
    String otlp;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where file reports go (default: results/<run-id>/ in the working directory; a shard's: results/<run-id>/shard-<i>/).")
    Path out;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run as shard I of N (I from 0) of one run spread over N processes: this process takes its share of the workers, objects, operations and rate, and writes under <run prefix>/shard-I/. Merge the shards' results with 's3workload merge'. See docs/distributed.md.")
    String shard;

    @Option(names = "--shards", paramLabel = "N",
            description = "Run as one of N shards, the index taken from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job). Without --shard or --shards, SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (a Slurm job array) make a shard too.")
    Integer shards;

    @Option(names = "--run-id", paramLabel = "ID",
            description = "The run id (and so the run prefix <prefix>/<ID>/): shards of one run must share it. Default: the start time and a random suffix; for shards, derived from --start-at.")
    String runId;

    @Option(names = "--upload-results", paramLabel = "s3://BUCKET[/PREFIX]",
            description = "After the run, copy the results directory to BUCKET under PREFIX/<run-id>/[shard-<i>/], through the workload's first endpoint (or --upload-endpoint): for shards on machines without a shared volume.")
    String uploadResults;

    @Option(names = "--upload-endpoint", paramLabel = "NAME",
            description = "The endpoint --upload-results writes through (default: the workload's first).")
    String uploadEndpoint;

    @Option(names = "--cleanup-timeout", paramLabel = "DURATION", defaultValue = "30s",
            converter = DurationConverter.class,
            description = "How long the cleanup of a stopped run (Ctrl-C, SIGTERM) may take before it writes the manifest of what is left and the process exits (default: ${DEFAULT-VALUE}). A run that ends by itself allows 10 minutes.")
    Duration cleanupTimeout;

    @Option(names = "--profile", description = "Sample where the client's own CPU goes for the whole run and write"
            + " profile.html (a flame graph), profile.collapsed (folded stacks) and profile.jfr to the results directory"
            + " (the same as the report 'profile'; docs/reports.md).")
    boolean profile;

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "Wait until TIME (ISO-8601, e.g. 2026-11-21T10:00:00Z, or epoch milliseconds; not in the past, and not epoch seconds) before the first stage, so that shards start together; stages after fixed-duration stages then start on the same wall-clock second on every shard.")
    String startAt;

    /** Input the run cannot start with: said as {@code error: <message>}, with exit code {@link ExitCodes#BAD_INPUT}. */
    private static final class BadInput extends Exception {
        BadInput(String message) {
            super(message);
        }
    }

    @Override
    public Integer call() throws Exception {
        try {
            return start();
        } catch (BadInput e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    private int start() throws Exception {
        Optional<Shard> part;
        Optional<Instant> at;
        try {
            part = Sharded.shard(shard, shards, System.getenv());
            at = startAt == null ? Optional.empty() : Optional.of(Sharded.instant(startAt, Instant.now()));
        } catch (IllegalArgumentException e) {
            throw new BadInput(e.getMessage());
        }
        workload.endpointsReplaced(embedded);
        Workload w = workload.load(part.orElse(Shard.WHOLE));
        if (!embedded) {
            w.endpoints().values().stream().filter(e -> e.tls().insecure()).forEach(e -> System.err.println(
                    "warning: endpoint '" + e.name() + "' (" + e.printableUrl() + "): tls.insecure: the server's certificate"
                            + " is not verified, so anyone on the path can read and change this run's traffic"));
        }
        Optional<String> id = runId(w.name(), part, at);
        RunOptions options = new RunOptions(id, part, at, Path.of(""), cleanupTimeout);
        Optional<ResultsUpload.Target> upload = uploadTarget(w);
        List<String> chosen = reports != null ? reports : w.reports();
        Optional<Path> outDir = Optional.ofNullable(out).or(() -> part.map(p -> Path.of("results", id.get(),
                "shard-" + p.index())));
        ResultsDirectory results = new ResultsDirectory(outDir);
        List<Reporter> reporters = reporters(chosen, results);
        if (chosen.stream().anyMatch(Reporters::writesFiles) || profile) {
            Path parent = outDir.orElse(Path.of("results"));
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                throw new BadInput("--out: cannot create " + parent + ": " + e.getMessage());
            }
        }
        boolean useEmbedded = embedded || w.endpoints().isEmpty();
        try (EmbeddedS3 server = useEmbedded ? EmbeddedS3.start(backend) : null) {
            if (server != null) {
                w = pointAt(w, server);
            }
            Plan plan = Planner.plan(w);
            PlanWarnings.of(plan).forEach(x -> System.err.println("warning: " + x));
            int exit = run(plan, reporters, results, options.withServerInProcess(server != null));
            if (upload.isPresent() && results.path().isPresent()) {
                String under = id.map(x -> x + "/" + part.map(p -> p.prefix()).orElse(""))
                        .orElse(results.path().get().getFileName() + "/");
                exit = upload(w, upload.get(), results.path().get(), under, exit);
            }
            return exit;
        }
    }

    /** The run's id: {@code --run-id}, else for a shard one made from the start time; a shard must have one. */
    private Optional<String> runId(String name, Optional<Shard> part, Optional<Instant> at) throws BadInput {
        Optional<String> id = Optional.ofNullable(runId).or(() -> at.filter(t -> part.isPresent())
                .map(t -> Sharded.runIdFor(t, name)));
        if (part.isPresent() && id.isEmpty()) {
            throw new BadInput("a sharded run needs --run-id ID (or --start-at TIME) so that every shard writes under"
                    + " the same run prefix");
        }
        if (id.isPresent() && !id.get().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new BadInput("--run-id uses letters, digits, '.', '_' and '-', got '" + id.get() + "'");
        }
        return id;
    }

    /** Where {@code --upload-results} sends the results, checked against the workload's endpoints. */
    private Optional<ResultsUpload.Target> uploadTarget(Workload w) throws BadInput {
        Optional<ResultsUpload.Target> upload;
        try {
            upload = Optional.ofNullable(uploadResults).map(ResultsUpload.Target::parse);
        } catch (IllegalArgumentException e) {
            throw new BadInput(e.getMessage());
        }
        if (upload.isPresent() && (w.endpoints().isEmpty() || uploadEndpoint != null
                && !w.endpoints().containsKey(uploadEndpoint))) {
            throw new BadInput("--upload-results needs an endpoint of the workload to write through"
                    + (uploadEndpoint == null ? "" : "; there is none named '" + uploadEndpoint + "'"));
        }
        return upload;
    }

    /** The reporters {@code chosen}, with Prometheus and OTLP added when their options are given. */
    private List<Reporter> reporters(List<String> chosen, ResultsDirectory results) throws BadInput {
        List<String> names = new ArrayList<>(chosen);
        if (prometheusPort != null && !names.contains("prometheus")) {
            names.add("prometheus");
        }
        if (profile && !names.contains("profile")) {
            names.add("profile");
        }
        if (web != null && !names.contains("web")) {
            names.add("web");
        }
        if (otlp != null && !names.contains("otlp")) {
            names.add("otlp");
        }
        try {
            return Reporters.create(names, new Reporters.Settings(System.out, Terminal.isInteractive(),
                    !noProgress, results, VersionProvider.version(), prometheusHost,
                    prometheusPort == null ? Reporters.DEFAULT_PROMETHEUS_PORT : prometheusPort,
                    otlp == null ? Reporters.DEFAULT_OTLP_URL : otlp, web));
        } catch (IllegalArgumentException e) {
            throw new BadInput(e.getMessage().startsWith("--") ? e.getMessage() : "--report: " + e.getMessage());
        } catch (UncheckedIOException e) { // a port that cannot be listened on: the message names its option
            throw new BadInput(e.getMessage());
        }
    }

    /** Copies the results directory to {@code target} under {@code under} ({@code <run-id>/[shard-<i>/]}). */
    private int upload(Workload w, ResultsUpload.Target target, Path directory, String under, int exit) {
        EndpointSpec endpoint = w.endpoints().get(uploadEndpoint != null ? uploadEndpoint
                : w.endpoints().keySet().iterator().next());
        try {
            List<String> keys = ResultsUpload.upload(endpoint, target, under, directory);
            System.out.println("Results uploaded: " + keys.size() + " files to s3://" + target.bucket() + "/"
                    + target.prefix() + under);
            return exit;
        } catch (StoreException | UncheckedIOException e) {
            System.err.println("error: --upload-results: " + e.getMessage());
            return exit == ExitCodes.OK ? ExitCodes.ENDPOINT : exit;
        }
    }

    private int run(Plan plan, List<Reporter> reporters, ResultsDirectory results, RunOptions options)
            throws InterruptedException {
        Engine engine = new Engine(plan, reporters, options);
        Thread hook = new Thread(() -> { // other ways the JVM is told to end (SIGHUP): stop and clean up first
            engine.cancel();
            try {
                engine.awaitFinished(options.stoppedCleanupTimeout().plus(CLEANUP_GRACE));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "s3workload-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (StopSignals signals = StopSignals.install(engine, System.err,
                Durations.format(options.stoppedCleanupTimeout()))) {
            RunResult result = engine.run();
            results.path().ifPresent(dir -> System.out.println("Reports: " + dir.toAbsolutePath()));
            return result.exitCode();
        } catch (EndpointUnavailableException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.ENDPOINT;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it waits for this run to finish
            }
        }
    }

    /** A duration such as {@code 30s}, {@code 2m}, {@code 500ms}. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return Durations.parse(value).filter(d -> !d.isNegative())
                    .orElseThrow(() -> new CommandLine.TypeConversionException("expected a duration such as 30s,"
                            + " 2m or 500ms, got '" + value + "'"));
        }
    }

    /** {@code memory} or {@code fs}. */
    static final class BackendConverter implements CommandLine.ITypeConverter<EmbeddedS3.Backend> {
        @Override
        public EmbeddedS3.Backend convert(String value) {
            return switch (value) {
                case "memory" -> EmbeddedS3.Backend.MEMORY;
                case "fs" -> EmbeddedS3.Backend.FILESYSTEM;
                default -> throw new CommandLine.TypeConversionException("expected memory or fs, got '" + value + "'");
            };
        }
    }

    /** The workload with every endpoint (or a new one, "embedded") pointing at the embedded server. */
    private static Workload pointAt(Workload w, EmbeddedS3 server) {
        CredentialsSpec credentials = new CredentialsSpec.Static(server.accessKey(), server.secretKey(), null);
        Map<String, EndpointSpec> endpoints = new LinkedHashMap<>();
        if (w.endpoints().isEmpty()) {
            endpoints.put(Plan.EMBEDDED, new EndpointSpec(Plan.EMBEDDED, server.endpoint(),
                    EndpointSpec.DEFAULT_REGION, true, credentials));
        }
        w.endpoints().forEach((name, e) -> endpoints.put(name, new EndpointSpec(name, server.endpoint(),
                EndpointSpec.DEFAULT_REGION, true, credentials)));
        return w.withEndpoints(endpoints).withCreateBucket(true);
    }
}
