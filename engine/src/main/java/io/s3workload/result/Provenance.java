package io.s3workload.result;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.util.Properties;

/** The tool, the JVM and the host taking the measurements, as reports name them. */
public final class Provenance {

    private static final Properties BUILD = build();

    private Provenance() {
    }

    /** The build's version, {@code unknown} when not built by Maven. */
    public static String version() {
        return BUILD.getProperty("version", "unknown");
    }

    /** The commit built, {@code unknown} when the build was not given it (the launcher gives it). */
    public static String commit() {
        String commit = BUILD.getProperty("commit", "unknown");
        return commit.isBlank() || commit.startsWith("${") ? "unknown" : commit;
    }

    public static Summary.Tool tool() {
        return new Summary.Tool("s3workload", version(), commit());
    }

    public static Summary.Jvm jvm() {
        return new Summary.Jvm(System.getProperty("java.vm.name"), Runtime.version().toString(),
                System.getProperty("java.vendor"));
    }

    public static Summary.Host host() {
        return new Summary.Host(hostName(), System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors());
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static Properties build() {
        Properties p = new Properties();
        try (InputStream in = Provenance.class.getResourceAsStream("/s3workload-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // no build information: "unknown"
        }
        return p;
    }
}
