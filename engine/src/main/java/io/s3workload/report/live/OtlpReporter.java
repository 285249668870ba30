package io.s3workload.report.live;

import io.micrometer.core.instrument.Clock;
import io.micrometer.registry.otlp.OtlpConfig;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import java.time.Duration;
import java.util.Map;

/**
 * Live export over OTLP (HTTP, protobuf): pushes the same meters as {@link PrometheusReporter} every second to an
 * OpenTelemetry collector's metrics endpoint, e.g. {@code http://collector:4318/v1/metrics}, and once more when
 * the run ends. Cumulative temporality, so totals equal the report's.
 */
public final class OtlpReporter extends MicrometerFeed {

    private final OtlpMeterRegistry registry;

    public OtlpReporter(String url, String version) {
        this(new OtlpMeterRegistry(config(url), Clock.SYSTEM), version);
    }

    private OtlpReporter(OtlpMeterRegistry registry, String version) {
        super(registry, version);
        this.registry = registry;
    }

    private static OtlpConfig config(String url) {
        Map<String, String> settings = Map.of("otlp.url", url, "otlp.step", "1s");
        return new OtlpConfig() {
            @Override
            public String get(String key) {
                return settings.get(key);
            }

            @Override
            public Duration step() {
                return Duration.ofSeconds(1);
            }

            @Override
            public Map<String, String> resourceAttributes() {
                return Map.of("service.name", "s3workload");
            }
        };
    }

    @Override
    public void close() {
        registry.close();
    }
}
