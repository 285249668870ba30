package io.s3workload.workload.yaml;

import io.s3workload.workload.HttpGetStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** {@code kind: httpGet}: {@code urls}, {@code urlsFile} or {@code from}; duration or operations. */
public final class HttpGetStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        List<String> urls = f.list("urls", e -> url(f, e.pointer(), e.text())).orElse(List.of());
        Optional<String> file = f.text("urlsFile").flatMap(name -> {
            // Written in the workload, a relative path starts at the workload file's directory; given on the
            // command line (--set), at the directory s3workload runs in, as any other path there does.
            boolean commandLine = f.binding().tree().valueLocation(f.child("urlsFile")).line() == 0;
            Path base = commandLine ? Path.of("").toAbsolutePath()
                    : Path.of(f.binding().tree().source()).toAbsolutePath().getParent();
            Path path = base == null ? Path.of(name) : base.resolve(name);
            if (!Files.isReadable(path)) {
                f.binding().problem(f.child("urlsFile"), "cannot read '" + name + "' (a file with one URL a line;"
                        + " a relative path starts at " + (commandLine ? "the current directory when given with --set"
                        : "the workload file's directory") + ")");
                return Optional.empty();
            }
            return Optional.of(path.toString());
        });
        Optional<String> from = f.text("from");
        if (urls.isEmpty() && file.isEmpty() && from.isEmpty() && !f.mentions("urls") && !f.mentions("urlsFile")
                && !f.mentions("from")) {
            f.binding().problem(f.pointer(), "missing 'urls', 'urlsFile' or 'from': what to fetch");
        }
        Stop stop = new Stop(f.duration("duration"), f.longAtLeast("operations", 1), OptionalLong.empty());
        if (stop.isEmpty()) {
            stop = new Stop(Optional.of(HttpGetStage.DEFAULT_DURATION), stop.operations(), stop.objects());
        }
        int redirects = f.intOr("maxRedirects", 0);
        return Optional.of(new HttpGetStage(common, urls, file, from, stop, redirects));
    }

    private static Optional<String> url(Fields f, String pointer, String text) {
        try {
            URI uri = URI.create(text.trim());
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return Optional.of(uri.toString());
            }
        } catch (IllegalArgumentException ignored) {
            // reported below
        }
        f.binding().problem(pointer, "expected an http:// or https:// URL, got \"" + text + "\"");
        return Optional.empty();
    }
}
