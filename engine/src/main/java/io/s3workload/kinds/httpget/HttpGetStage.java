package io.s3workload.kinds.httpget;

import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.endpoints.Urls;
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
 */
public record HttpGetStage(StageCommon common, List<String> urls, Optional<String> urlsFile, Optional<String> from,
                           Stop stop, int maxRedirects) implements StageSpec {

    public static final int DEFAULT_MAX_REDIRECTS = 10;
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    public HttpGetStage {
        urls = List.copyOf(urls);
    }

    @Override
    public StageKind kind() {
        return StageKind.HTTP_GET;
    }

    /** As printed (plan, summary.json): URLs without their query, which for a presigned URL is a credential. */
    @Override
    public String toString() {
        return "HttpGetStage[common=" + common + ", urls=" + urls.stream().map(Urls::printable).toList()
                + ", urlsFile=" + urlsFile + ", from=" + from + ", stop=" + stop + ", maxRedirects=" + maxRedirects
                + "]";
    }

    @Override
    public Optional<String> readsFrom() {
        return from;
    }

    @Override
    public HttpGetStage shared(Shard shard, int defaultWorkers) {
        return new HttpGetStage(common.shared(shard, kind(), defaultWorkers), urls, urlsFile, from, stop.shared(shard),
                maxRedirects);
    }

    /** Without its presigning source, an httpGet with URLs of its own fetches just those. */
    @Override
    public StageSpec withoutSource() {
        return urls.isEmpty() && urlsFile.isEmpty() ? this
                : new HttpGetStage(common, urls, urlsFile, Optional.empty(), stop, maxRedirects);
    }
}
