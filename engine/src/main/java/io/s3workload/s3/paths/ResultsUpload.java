package io.s3workload.s3.paths;

import io.s3workload.s3.ErrorClassifier;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code run --upload-results s3://bucket/prefix}: copies a finished run's results directory to a bucket, so that
 * shards on machines without a shared volume leave their results where {@code merge} can fetch them.
 */
public final class ResultsUpload {

    private ResultsUpload() {
    }

    /** {@code s3://bucket/some/prefix} as bucket and prefix (ending in '/', or empty). */
    public record Target(String bucket, String prefix) {

        public static Target parse(String url) {
            URI uri = URI.create(url);
            if (!"s3".equals(uri.getScheme()) || uri.getHost() == null || uri.getHost().isBlank()) {
                throw new IllegalArgumentException("--upload-results expects s3://BUCKET[/PREFIX], got '" + url + "'");
            }
            String path = uri.getPath() == null ? "" : uri.getPath().replaceAll("^/+", "");
            return new Target(uri.getHost(), path.isEmpty() || path.endsWith("/") ? path : path + "/");
        }
    }

    /** Uploads every file under {@code directory} to {@code target} + {@code under}; returns the keys written. */
    public static List<String> upload(EndpointSpec endpoint, Target target, String under, Path directory) {
        try (S3Client s3 = StoreFactory.syncClient(endpoint, 4, false); Stream<Path> files = Files.walk(directory)) {
            List<Path> all = files.filter(Files::isRegularFile).sorted().toList();
            List<String> keys = new ArrayList<>();
            for (Path file : all) {
                String key = target.prefix() + under + directory.relativize(file).toString().replace('\\', '/');
                s3.putObject(r -> r.bucket(target.bucket()).key(key), RequestBody.fromFile(file));
                keys.add(key);
            }
            return keys;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpoint.name());
        }
    }
}
