package io.s3workload.workload.endpoints;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The region an endpoint signs for when the workload does not say, from where the AWS tools look: the environment
 * ({@code AWS_REGION}, then {@code AWS_DEFAULT_REGION}), then the {@code region} of the profile in the shared
 * config file ({@code AWS_CONFIG_FILE}, else {@code ~/.aws/config}) — the endpoint's credentials profile, else
 * {@code AWS_PROFILE}, else {@code default}. Never an instance's metadata service: a benchmark makes no request
 * the user did not ask for.
 */
public final class Regions {

    private Regions() {
    }

    /** The endpoint with its region from the environment or the profile, when the workload gave none. */
    public static EndpointSpec resolve(EndpointSpec endpoint, Map<String, String> environment) {
        if (!endpoint.regionDefaulted()) {
            return endpoint;
        }
        for (String variable : List.of("AWS_REGION", "AWS_DEFAULT_REGION")) {
            String value = environment.get(variable);
            if (value != null && !value.isBlank()) {
                return endpoint.withRegion(value.trim(), variable);
            }
        }
        String profile = endpoint.credentials() instanceof CredentialsSpec.Profile p ? p.name()
                : environment.getOrDefault("AWS_PROFILE", "default");
        return profileRegion(configFile(environment), profile)
                .map(region -> endpoint.withRegion(region, "profile " + profile)).orElse(endpoint);
    }

    private static Path configFile(Map<String, String> environment) {
        String file = environment.get("AWS_CONFIG_FILE");
        return file != null && !file.isBlank() ? Path.of(file)
                : Path.of(System.getProperty("user.home"), ".aws", "config");
    }

    /** {@code region} in section {@code [default]} or {@code [profile NAME]} of an AWS config file. */
    static Optional<String> profileRegion(Path file, String profile) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        boolean inProfile = false;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.startsWith("[") && line.endsWith("]")) {
                String section = line.substring(1, line.length() - 1).strip().replaceAll("\\s+", " ");
                inProfile = section.equals("profile " + profile) || section.equals(profile) && profile.equals("default");
            } else if (inProfile && line.matches("region\\s*=.*")) {
                String value = line.substring(line.indexOf('=') + 1).strip();
                return value.isEmpty() ? Optional.empty() : Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
