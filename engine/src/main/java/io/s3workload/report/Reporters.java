package io.s3workload.report;

import io.s3workload.report.console.ConsoleReporter;
import io.s3workload.report.files.CsvReporter;
import io.s3workload.report.files.HdrLogReporter;
import io.s3workload.report.files.JsonReporter;
import io.s3workload.report.files.OpsLogReporter;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.report.html.HtmlReporter;
import io.s3workload.report.html.ProfileReporter;
import io.s3workload.report.live.LiveServer;
import io.s3workload.report.live.OtlpReporter;
import io.s3workload.report.live.PrometheusReporter;
import io.s3workload.report.live.WebReporter;
import io.s3workload.result.Reporter;
import io.s3workload.workload.yaml.Suggestions;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The reporters a run can have, by the name {@code --report} uses. Adding one is a class and a line here.
 */
public final class Reporters {

    /** Prometheus's usual port for exporters. */
    public static final int DEFAULT_PROMETHEUS_PORT = 9464;
    /** The live page's port when none is given (on loopback): beside the Prometheus exporter's. */
    public static final int DEFAULT_WEB_PORT = LiveServer.DEFAULT_PORT;
    /** An OpenTelemetry collector's OTLP/HTTP metrics endpoint on this host. */
    public static final String DEFAULT_OTLP_URL = "http://localhost:4318/v1/metrics";

    /**
     * What reporters may need: the console, where files go, the tool's version, where to serve Prometheus.
     *
     * @param prometheusPort the port for {@code /metrics} (0: any free port)
     * @param otlpUrl        where OTLP metrics are pushed
     * @param web            where the live page listens ({@code [HOST:]PORT}; null: loopback, {@link #DEFAULT_WEB_PORT})
     */
    public record Settings(PrintStream console, boolean terminal, boolean progress, ResultsDirectory results,
                           String toolVersion, String prometheusHost, int prometheusPort, String otlpUrl, String web) {

        public Settings(PrintStream console, boolean terminal, boolean progress, ResultsDirectory results,
                        String toolVersion, String prometheusHost, int prometheusPort, String otlpUrl) {
            this(console, terminal, progress, results, toolVersion, prometheusHost, prometheusPort, otlpUrl, null);
        }

        public Settings(PrintStream console, boolean terminal, boolean progress, ResultsDirectory results,
                        String toolVersion) {
            this(console, terminal, progress, results, toolVersion, "0.0.0.0", DEFAULT_PROMETHEUS_PORT,
                    DEFAULT_OTLP_URL);
        }
    }

    private static final Map<String, Function<Settings, Reporter>> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put("console", s -> new ConsoleReporter(s.console(), s.terminal(), s.progress()));
        BY_NAME.put("csv", s -> new CsvReporter(s.results()));
        BY_NAME.put("json", s -> new JsonReporter(s.results()));
        BY_NAME.put("hdr", s -> new HdrLogReporter(s.results()));
        BY_NAME.put("html", s -> new HtmlReporter(s.results()));
        BY_NAME.put("ops", s -> new OpsLogReporter(s.results()));
        BY_NAME.put("profile", s -> new ProfileReporter(s.results(), s.console()));
        BY_NAME.put("prometheus", s -> {
            PrometheusReporter reporter = new PrometheusReporter(s.prometheusHost(), s.prometheusPort(),
                    s.toolVersion());
            s.console().println("Prometheus: serving http://" + s.prometheusHost() + ":" + reporter.port()
                    + "/metrics while the run goes on");
            return reporter;
        });
        BY_NAME.put("otlp", s -> new OtlpReporter(s.otlpUrl(), s.toolVersion()));
        BY_NAME.put("web", s -> new WebReporter(LiveServer.Address.parse(s.web() == null
                ? Integer.toString(DEFAULT_WEB_PORT) : s.web()), s.console()));
    }

    private Reporters() {
    }

    /** The reporters that write files into the results directory. */
    private static final Set<String> FILES = Set.of("csv", "json", "hdr", "html", "ops", "profile");

    /** Whether the reporter {@code name} writes files into the results directory. */
    public static boolean writesFiles(String name) {
        return FILES.contains(name.trim());
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** The reporters named, in order; an unknown name is an {@link IllegalArgumentException} saying so. */
    public static List<Reporter> create(List<String> names, Settings settings) {
        List<Reporter> reporters = new ArrayList<>();
        for (String name : names) {
            Function<Settings, Reporter> factory = BY_NAME.get(name.trim());
            if (factory == null) {
                throw new IllegalArgumentException("unknown report '" + name.trim() + "'"
                        + Suggestions.didYouMean(name.trim(), BY_NAME.keySet()) + "; expected one or more of "
                        + String.join(", ", BY_NAME.keySet()));
            }
            reporters.add(factory.apply(settings));
        }
        return reporters;
    }
}
