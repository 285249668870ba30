package io.s3workload.workload.endpoints;

import io.s3workload.ground.Keyed;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where an endpoint's store publishes its own Prometheus metrics and how to read them: the run scrapes {@code url}
 * as each measured cell starts, once a second while it runs and as it ends, and sets what the server counted beside
 * what the client did ({@code serverMetrics:} on an endpoint).
 *
 * @param url         the metrics URL; user info in it is sent as basic authentication and masked when printed
 * @param preset      the store whose metric names {@link #signals} and {@link #apis} start from, or empty (all given)
 * @param bearerToken sent as {@code Authorization: Bearer} (write it as {@code ${ENV_VAR}}); never printed
 * @param signals     how each figure is read: a metric, the label naming the S3 API, label filters
 * @param apis        the store's own names of S3 APIs where they differ from AWS's ({@code UploadPart: PutObjectPart})
 */
public record ServerMetrics(URI url, Optional<Preset> preset, Optional<String> bearerToken,
                            Map<Signal, Selector> signals, Map<String, String> apis) {

    public ServerMetrics {
        signals = Map.copyOf(signals);
        apis = Map.copyOf(apis);
    }

    /**
     * The Authorization header the scrapes send: the bearer token, else the URL's user and password as Basic
     * credentials; null: none.
     */
    public String authorization() {
        String userInfo = url.getRawUserInfo();
        return bearerToken.map(t -> "Bearer " + t).orElse(userInfo == null ? null : "Basic "
                + Base64.getEncoder().encodeToString(URLDecoder.decode(userInfo,
                StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8)));
    }

    /** The figures a store's metrics give. Counters but {@link #MEMORY}, a gauge. */
    public enum Signal implements Keyed {
        REQUESTS("requests"), ERRORS("errors"), BYTES_SENT("bytesSent"), BYTES_RECEIVED("bytesReceived"),
        CPU("cpu"), MEMORY("memory");

        private final String key;

        Signal(String key) {
            this.key = key;
        }

        @Override
        public String key() {
            return key;
        }
    }

    /**
     * One figure's samples: those of {@code metric} whose labels match {@code where} (each a regular expression the
     * whole value must match, as PromQL's {@code =~}), summed; by the value of {@code api} where given.
     */
    public record Selector(String metric, Optional<String> api, Map<String, String> where) {

        public Selector {
            where = Map.copyOf(where);
        }

        static Selector of(String metric, String api, String... where) {
            Map<String, String> filters = new LinkedHashMap<>();
            for (int i = 0; i + 1 < where.length; i += 2) {
                filters.put(where[i], where[i + 1]);
            }
            return new Selector(metric, Optional.ofNullable(api), filters);
        }
    }

    /**
     * Stores whose metrics s3workload knows: {@code minio} (metrics v3, MinIO 2024 and later; checked against MinIO
     * built from source, docs/metrics.md), {@code garage} (from Garage's monitoring reference; no bytes or CPU).
     */
    public enum Preset {
        MINIO, GARAGE;

        /** The preset's selectors. */
        public Map<Signal, Selector> signals() {
            Map<Signal, Selector> s = new EnumMap<>(Signal.class);
            switch (this) {
                case MINIO -> {
                    s.put(Signal.REQUESTS, Selector.of("minio_api_requests_total", "name", "type", "s3"));
                    s.put(Signal.ERRORS, Selector.of("minio_api_requests_errors_total", "name", "type", "s3"));
                    s.put(Signal.BYTES_SENT, Selector.of("minio_api_requests_traffic_sent_bytes", null, "type", "s3"));
                    s.put(Signal.BYTES_RECEIVED, Selector.of("minio_api_requests_traffic_received_bytes", null,
                            "type", "s3"));
                    s.put(Signal.CPU, Selector.of("minio_system_process_cpu_total_seconds", null));
                    s.put(Signal.MEMORY, Selector.of("minio_system_process_resident_memory_bytes", null));
                }
                case GARAGE -> {
                    s.put(Signal.REQUESTS, Selector.of("api_s3_request_counter", "api_endpoint"));
                    s.put(Signal.ERRORS, Selector.of("api_s3_error_counter", "api_endpoint"));
                }
            }
            return s;
        }

        /** The store's names of S3 APIs that differ from AWS's. */
        public Map<String, String> apis() {
            return switch (this) {
                case MINIO -> Map.of("CreateMultipartUpload", "NewMultipartUpload", "UploadPart", "PutObjectPart",
                        "DeleteObjects", "DeleteMultipleObjects");
                case GARAGE -> Map.of();
            };
        }
    }

    /** The selector of {@code signal}, if this store's metrics give it. */
    public Optional<Selector> selector(Signal signal) {
        return Optional.ofNullable(signals.get(signal));
    }

    /** The store's name of the AWS API {@code api}. */
    public String apiName(String api) {
        return apis.getOrDefault(api, api);
    }

    /** {@code http://minio:9000/minio/metrics/v3 (preset minio)}: where the store's metrics are read, as printed. */
    public String describe() {
        return printableUrl() + preset.map(p -> " (preset " + Keyed.word(p) + ")").orElse("");
    }

    /** The URL as printed: user info masked. */
    public String printableUrl() {
        return Urls.printable(url.toString());
    }
}
