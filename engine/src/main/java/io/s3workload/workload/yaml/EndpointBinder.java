package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.Keyed;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.ServerMetrics;
import io.s3workload.workload.endpoints.Tls;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code endpoints: {NAME: {url, region, pathStyle, credentials, compat, tls, serverMetrics}}} (groups already
 * expanded by {@link EndpointGroups}); endpoint names are checked against the stages by {@link WorkloadChecks}.
 */
final class EndpointBinder {

    private final Binding binding;

    EndpointBinder(Binding binding) {
        this.binding = binding;
    }

    private final List<String> names = new ArrayList<>();

    /** The names of the endpoints as written, those with problems of their own too (after {@link #endpoints}). */
    List<String> written() {
        return names;
    }

    Map<String, EndpointSpec> endpoints(Fields top) {
        Map<String, EndpointSpec> endpoints = new LinkedHashMap<>();
        Optional<ObjectNode> written = top.mapping("endpoints", "named endpoints, e.g. endpoints: {global: {url: "
                + "https://s3.example.com}}");
        if (written.isEmpty()) {
            return endpoints;
        }
        ObjectNode node = written.get();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            names.add(name);
            String pointer = LocatedTree.child(top.child("endpoints"), name);
            if (!Fields.NAME.matcher(name).matches()) {
                binding.keyProblem(pointer, "endpoint names use letters, digits, '.', '_' and '-'");
            } else if (name.equals(ConsistencyProbe.SELF)) {
                binding.keyProblem(pointer, "'" + name + "' is reserved: in a probe's readers it stands for each"
                        + " writer itself; name the endpoint otherwise");
            }
            Fields.of(binding, pointer, node.get(name), Keys.in(Keys.Context.ENDPOINT), "an endpoint")
                    .flatMap(f -> endpoint(name, f))
                    .ifPresent(e -> endpoints.put(name, e));
        }
        return endpoints;
    }

    private Optional<EndpointSpec> endpoint(String name, Fields f) {
        Optional<URI> url = f.requiredText("url", "the endpoint's URL, e.g. https://s3.us-east-1.amazonaws.com")
                .flatMap(u -> url(f.child("url"), u));
        Optional<String> given = f.text("region");
        String region = given.orElse(EndpointSpec.DEFAULT_REGION);
        Optional<Boolean> pathStyle = f.bool("pathStyle");
        CredentialsSpec credentials = f.object("credentials", Keys.in(Keys.Context.CREDENTIALS), "credentials")
                .map(this::credentials).orElse(new CredentialsSpec.DefaultChain());
        EndpointSpec.Compat compat = f.choiceOr("compat", EndpointSpec.Compat.class);
        Tls tls = f.object("tls", Keys.in(Keys.Context.TLS), "TLS settings").map(this::tls).orElse(Tls.SYSTEM);
        // Google Cloud Storage signs for "auto" (its XML API's documented region)
        boolean gcs = given.isEmpty() && compat == EndpointSpec.Compat.GCS;
        Optional<ServerMetrics> metrics = f.object("serverMetrics", Keys.in(Keys.Context.SERVER_METRICS),
                "the store's metrics, e.g. serverMetrics: {url: http://minio:9000/minio/metrics/v3, preset: minio}")
                .flatMap(this::serverMetrics);
        return url.map(u -> new EndpointSpec(name, u, gcs ? "auto" : region,
                pathStyle.orElse(!u.getHost().endsWith("amazonaws.com")), credentials, compat, tls, Optional.empty(),
                given.isPresent() ? EndpointSpec.REGION_GIVEN : gcs ? "compat: gcs" : EndpointSpec.REGION_DEFAULTED,
                metrics));
    }

    /**
     * {@code serverMetrics: {url, preset, bearerToken, requests: {metric, api, where}, ..., apis}}: a preset's
     * selectors with what is written over them; without a preset, {@code requests} at least.
     */
    private Optional<ServerMetrics> serverMetrics(Fields f) {
        Optional<URI> url = f.requiredText("url", "the store's Prometheus metrics URL, e.g."
                + " http://minio:9000/minio/metrics/v3").flatMap(u -> url(f.child("url"), u));
        Optional<ServerMetrics.Preset> preset = f.choice("preset", ServerMetrics.Preset.class);
        Map<ServerMetrics.Signal, ServerMetrics.Selector> signals = new EnumMap<>(
                ServerMetrics.Signal.class);
        preset.ifPresent(p -> signals.putAll(p.signals()));
        for (ServerMetrics.Signal signal : ServerMetrics.Signal.values()) {
            f.object(signal.key(), Keys.in(Keys.Context.METRIC), "how the store's metrics give " + signal.key()
                    + ", e.g. {metric: s3_requests_total, api: operation}").ifPresent(m -> m.requiredText("metric",
                            "the metric's name, e.g. s3_requests_total").ifPresent(metric -> signals.put(signal,
                    new ServerMetrics.Selector(metric, m.text("api"), where(m)))));
        }
        if (!f.has("preset") && !f.has("requests") && url.isPresent()) {
            binding.problem(f.pointer(), "give a 'preset' (" + String.join(", ", Keyed
                    .words(ServerMetrics.Preset.class)) + ") or at least 'requests' (e.g. requests: {metric:"
                    + " s3_requests_total, api: operation})");
            return Optional.empty();
        }
        Map<String, String> apis = new HashMap<>();
        preset.ifPresent(p -> apis.putAll(p.apis()));
        apis.putAll(f.texts("apis", "names and texts, e.g. {type: s3}"));
        return url.map(u -> new ServerMetrics(u, preset, f.text("bearerToken"), signals, apis));
    }

    /** Label filters ({@code where: {type: s3}}): each value a regular expression. */
    private Map<String, String> where(Fields m) {
        Map<String, String> where = m.texts("where", "names and texts, e.g. {type: s3}");
        where.forEach((label, pattern) -> {
            try {
                Pattern.compile(pattern);
            } catch (PatternSyntaxException e) {
                binding.problem(LocatedTree.child(m.child("where"), label), "not a regular expression: "
                        + e.getDescription());
            }
        });
        return where;
    }

    /** {@code tls: {caCert: FILE, insecure: BOOL}}; the CA file must be readable now, not at the first request. */
    private Tls tls(Fields f) {
        Optional<Path> caCert = f.text("caCert").map(Path::of);
        caCert.filter(p -> !Files.isReadable(p)).ifPresent(p -> binding.problem(f.child("caCert"),
                "cannot read " + p.toAbsolutePath() + " (a PEM file of CA certificates; relative to the directory"
                        + " s3workload runs in)"));
        boolean insecure = f.boolOr("insecure");
        if (insecure && caCert.isPresent()) {
            binding.problem(f.child("insecure"), "give 'caCert' (verify against this CA) or 'insecure: true' (verify"
                    + " nothing), not both");
        }
        return new Tls(caCert, insecure);
    }

    private Optional<URI> url(String pointer, String text) {
        try {
            URI uri = new URI(text.trim());
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return Optional.of(uri);
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        binding.problem(pointer, "expected an http:// or https:// URL with a host, e.g. http://127.0.0.1:9000");
        return Optional.empty();
    }

    private CredentialsSpec credentials(Fields f) {
        Optional<String> profile = f.text("profile");
        Optional<String> accessKey = f.text("accessKey");
        Optional<String> secretKey = f.text("secretKey");
        if (profile.isPresent()) {
            if (accessKey.isPresent() || secretKey.isPresent()) {
                binding.problem(f.pointer(), "give either 'profile' or 'accessKey' and 'secretKey', not both");
            }
            return new CredentialsSpec.Profile(profile.get());
        }
        if (accessKey.isPresent() != secretKey.isPresent()) {
            binding.problem(f.pointer(), "'accessKey' and 'secretKey' go together; "
                    + (accessKey.isPresent() ? "'secretKey'" : "'accessKey'") + " is missing");
        }
        if (accessKey.isEmpty() || secretKey.isEmpty()) {
            return new CredentialsSpec.DefaultChain();
        }
        return new CredentialsSpec.Static(accessKey.get(), secretKey.get(), f.text("sessionToken").orElse(null));
    }
}
