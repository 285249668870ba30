package io.s3workload.workload;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: httpGet}: plain HTTP(S) GETs without request signing, as the Alluxio httpbench does: each worker
 * walks the URL list round-robin (starting at its own index) over keep-alive connections, following 307/302/301/
 * 303/308 redirects up to {@code maxRedirects} and counting them.
 *
 * @param urls      the URLs written in the workload
 * @param urlsFile  a file with one URL a line (blank lines and {@code #} comments skipped), relative to the
 *                  workload file
 * @param from      a put (or seeding get) stage whose objects are fetched through presigned GET URLs, so the stage
 *                  runs against any S3 endpoint, the embedded one included
 * @param timeout   per request, headers and body
 */
public record HttpGetStage(StageCommon common, List<String> urls, Optional<String> urlsFile, Optional<String> from,
                           Stop stop, int maxRedirects, Duration timeout) implements StageSpec {

    public static final int DEFAULT_MAX_REDIRECTS = 10;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    public HttpGetStage {
        urls = List.copyOf(urls);
    }

    @Override
    public StageKind kind() {
        return StageKind.HTTP_GET;
    }
}
