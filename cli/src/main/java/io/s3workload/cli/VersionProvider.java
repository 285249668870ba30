package io.s3workload.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** {@code --version}: the build's version and the JVM running it. */
final class VersionProvider implements CommandLine.IVersionProvider {

    static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/s3workload-version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "s3workload " + version(),
            "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " (" + System.getProperty(
                    "java.home") + ")"
        };
    }
}
