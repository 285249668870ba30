package io.s3workload.cli.terminal;

import io.s3workload.result.Provenance;
import picocli.CommandLine;

/** {@code --version}: the build's version and commit, and the JVM running it. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    public static String version() {
        return Provenance.version();
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "s3workload " + version() + " (commit " + Provenance.commit() + ")",
            "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " (" + System.getProperty(
                    "java.home") + ")"
        };
    }
}
