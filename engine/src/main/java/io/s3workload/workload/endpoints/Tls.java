package io.s3workload.workload.endpoints;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How an https endpoint's certificate is checked: against the JDK's trusted CAs (the default), those plus the CA
 * certificates in {@code caCert} (a PEM file: a private CA), or not at all ({@code insecure}: a test rig; every run
 * warns).
 */
public record Tls(Optional<Path> caCert, boolean insecure) {

    /** The JDK's trusted CAs, host names verified. */
    public static final Tls SYSTEM = new Tls(Optional.empty(), false);
}
