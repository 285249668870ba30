package io.s3workload.kinds.httpget;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.StageBinder;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code kind: httpGet}: {@code urls}, {@code urlsFile} or {@code from}; duration or operations. The keys only an
 * httpGet takes are described here (those it shares with other kinds are in the key catalogue).
 */
public final class HttpGetStageBinder implements StageBinder {

    private static final Set<StageKind> HTTP_GET = EnumSet.of(StageKind.HTTP_GET);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(HTTP_GET, "duration", "duration", HttpGetStage.DEFAULT_DURATION, "30s",
                    "How long the stage fetches; with stopWhenStable, the most it may run.")
                    .scaled(Keys.Scale.DURATION),
            Keys.stage(HTTP_GET, "from", "name", null, "put-1mib",
                    "The earlier stage whose objects this one fetches by presigned URL."),
            Keys.stage(HTTP_GET, "urls", "urls", null, "[\"https://a.example\", \"https://b.example\"]",
                    "URLs to fetch; warp's ranges like http://s3-{1...8}:9000 expand.").list(),
            Keys.stage(HTTP_GET, "urlsFile", "text", null, "urls.txt", "A file with one URL a line."),
            Keys.stage(HTTP_GET, "maxRedirects", "whole", HttpGetStage.DEFAULT_MAX_REDIRECTS, 3,
                    "HTTP redirects followed per request; more is an error."));
    }

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
