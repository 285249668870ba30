package io.s3workload.run.server;

import io.s3workload.ground.DataSize;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.clients.Clients;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.workload.endpoints.ServerMetrics.Signal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The store's own view of one measured cell: its metrics scraped as the cell starts (before its workers do), at
 * each of the cell's seconds (beside the client's, so the two series line up) and as it ends (after its workers
 * have stopped), for every endpoint the cell talks to whose store names its metrics. What the store counted between
 * the first and last scrape is then set beside what the client sent ({@link ServerView}).
 */
public final class ServerWatch {

    /** One endpoint's scrapes over the cell. */
    private static final class Track {
        final ServerScraper scraper;
        final ServerScraper.Reading start;
        final int scrapesBefore;
        final int failuresBefore;
        final List<CompletableFuture<ServerScraper.Reading>> ticks = new ArrayList<>();
        ServerScraper.Reading end;

        Track(ServerScraper scraper) {
            this.scraper = scraper;
            this.scrapesBefore = scraper.scrapes();
            this.failuresBefore = scraper.failures();
            this.start = scraper.scrape();
        }
    }

    private final Map<String, Track> tracks = new LinkedHashMap<>();
    private final boolean sharded;

    private ServerWatch(boolean sharded) {
        this.sharded = sharded;
    }

    /** Scrapes, now, the stores of {@code endpoints} that name their metrics; a watch of nothing when none does. */
    public static ServerWatch start(Clients clients, List<String> endpoints) {
        ServerWatch watch = new ServerWatch(clients.sharded());
        for (String endpoint : endpoints) {
            clients.scraper(endpoint).ifPresent(s -> watch.tracks.put(endpoint, new Track(s)));
        }
        return watch;
    }

    /**
     * A second of the cell has passed: scrape again, without waiting for the answers (the sampler's thread). Returns
     * what the store of {@code cell}'s endpoint counted of its requests between its last two answered scrapes, for
     * the live page; empty when that store names no metrics or has not answered twice yet.
     */
    public Optional<ServerView.Second> tick(CellKey cell) {
        tracks.values().forEach(t -> {
            synchronized (t.ticks) {
                t.ticks.add(t.scraper.scrapeAsync());
            }
        });
        Track track = tracks.get(cell.endpoint());
        if (track == null) {
            return Optional.empty();
        }
        List<ServerScraper.Reading> answered = new ArrayList<>(List.of(track.start));
        synchronized (track.ticks) {
            track.ticks.stream().filter(f -> f.isDone() && !f.isCompletedExceptionally()).map(CompletableFuture::join)
                    .forEach(answered::add);
        }
        answered.removeIf(r -> !r.ok());
        if (answered.size() < 2) {
            return Optional.empty();
        }
        answered.sort(Comparator.comparingLong(ServerScraper.Reading::nanos));
        var metrics = track.scraper.metrics();
        Set<String> names = new HashSet<>();
        apis(cell.op()).forEach(a -> names.add(metrics.apiName(a)));
        List<ServerScraper.Reading> pair = answered.subList(answered.size() - 2, answered.size());
        return Optional.of(second(pair, names, metrics.selector(Signal.ERRORS).isPresent()));
    }

    /** What the store counted between two readings. */
    private static ServerView.Second second(List<ServerScraper.Reading> pair, Set<String> names, boolean errors) {
        return new ServerView.Second(pair.get(1).epochMillis(), (pair.get(1).nanos() - pair.get(0).nanos()) / 1e9,
                Math.round(increase(pair, Signal.REQUESTS, names)),
                errors ? Math.round(increase(pair, Signal.ERRORS, names)) : -1, increase(pair, Signal.CPU, null));
    }

    /** The cell's workers have stopped: the last scrapes. */
    public void end() {
        tracks.values().forEach(t -> t.end = t.scraper.scrape());
    }

    /**
     * {@code cell} with what its endpoint's store counted over it, when that store names its metrics; the cell as
     * it is otherwise (a spread stage's total, whose requests went to several stores, included).
     */
    public CellStats withView(CellStats cell, StagePlan stage, int workers) {
        Track track = tracks.get(cell.key().endpoint());
        if (track == null || track.end == null) {
            return cell;
        }
        return cell.withServer(view(track, cell, stage, workers));
    }

    private ServerView view(Track track, CellStats cell, StagePlan stage, int workers) {
        var metrics = track.scraper.metrics();
        List<String> apis = apis(cell.key().op());
        Set<String> names = new HashSet<>();
        apis.forEach(a -> names.add(metrics.apiName(a)));
        List<ServerScraper.Reading> readings = new ArrayList<>();
        readings.add(track.start);
        synchronized (track.ticks) {
            track.ticks.forEach(f -> readings.add(f.join()));
        }
        readings.add(track.end);
        List<ServerScraper.Reading> ok = readings.stream().filter(ServerScraper.Reading::ok)
                .sorted(Comparator.comparingLong(ServerScraper.Reading::nanos)).toList();
        boolean both = track.start.ok() && track.end.ok();
        long requests = both ? Math.round(increase(ok, Signal.REQUESTS, names)) : -1;
        long errors = both && metrics.selector(Signal.ERRORS).isPresent()
                ? Math.round(increase(ok, Signal.ERRORS, names)) : -1;
        double sent = both ? increase(ok, Signal.BYTES_SENT, null) : Double.NaN;
        double received = both ? increase(ok, Signal.BYTES_RECEIVED, null) : Double.NaN;
        double cpu = both ? increase(ok, Signal.CPU, null) : Double.NaN;
        double memory = ok.stream().mapToDouble(r -> r.total(Signal.MEMORY, null)).filter(v -> !Double.isNaN(v))
                .max().orElse(Double.NaN);
        List<ServerView.Second> timeline = new ArrayList<>();
        for (int i = 1; i < ok.size(); i++) {
            timeline.add(second(ok.subList(i - 1, i + 1), names, metrics.selector(Signal.ERRORS).isPresent()));
        }
        long refused = cell.errorsByClass().entrySet().stream().filter(e -> unanswered(e.getKey()))
                .mapToLong(Map.Entry::getValue).sum();
        long answeredErrors = cell.errorsByClass().entrySet().stream().filter(e -> e.getKey().startsWith("HTTP "))
                .mapToLong(Map.Entry::getValue).sum();
        long maybeArrived = cell.errors() - refused - answeredErrors;
        return new ServerView(cell.key().endpoint(), metrics.printableUrl(), apis, uncompared(cell, stage),
                requests, errors, new ServerView.Spent(sent, received, cpu, memory),
                cell.attempted() + cell.retries() - refused, answeredErrors, 2L * workers + maybeArrived,
                new ServerView.Scrapes(track.scraper.scrapes() - track.scrapesBefore,
                        track.scraper.failures() - track.failuresBefore, track.scraper.firstFailure()), timeline);
    }

    /** Failures that never reached the store: a refused connection, a host not found. */
    private static boolean unanswered(String errorClass) {
        return errorClass.equals("connection refused") || errorClass.equals(ErrorClassifier.DNS_FAILED);
    }

    /**
     * How much a signal grew over consecutive readings (of the store's names {@code apis}; null: all), a drop
     * taken as the store's restart (its counters start again from 0); NaN when the store does not give it.
     */
    private static double increase(List<ServerScraper.Reading> readings, Signal signal, Set<String> apis) {
        double sum = 0;
        boolean any = false;
        for (int i = 1; i < readings.size(); i++) {
            double before = readings.get(i - 1).total(signal, apis);
            double after = readings.get(i).total(signal, apis);
            if (Double.isNaN(before) || Double.isNaN(after)) {
                continue;
            }
            any = true;
            sum += after >= before ? after - before : after;
        }
        return any ? sum : Double.NaN;
    }

    /** The S3 APIs (AWS's names) an operation of {@code op} ends in: the requests the store counts for it. */
    static List<String> apis(Op op) {
        return switch (op) {
            case GET, RANGE_GET, HTTP_GET -> List.of("GetObject");
            case PUT -> List.of("PutObject", "CompleteMultipartUpload");
            case UPLOAD_PART -> List.of("UploadPart");
            case APPEND -> List.of("PutObject");
            case HEAD -> List.of("HeadObject");
            case DELETE -> List.of("DeleteObject", "DeleteObjects"); // a batched delete stage sends the second
            case LIST -> List.of("ListObjectsV2");
            case COPY -> List.of("CopyObject", "CompleteMultipartUpload");
            case HEAD_BUCKET -> List.of("HeadBucket");
            case CREATE_MULTIPART -> List.of("CreateMultipartUpload");
            case COMPLETE_MULTIPART -> List.of("CompleteMultipartUpload");
            case ABORT_MULTIPART -> List.of("AbortMultipartUpload");
            case MIX -> List.of("GetObject", "PutObject", "CompleteMultipartUpload", "HeadObject", "DeleteObject",
                    "ListObjectsV2", "CopyObject");
        };
    }

    /** Why the cell's operations and the store's requests are not expected to be equal, or null. */
    private String uncompared(CellStats cell, StagePlan stage) {
        if (sharded) {
            return ServerView.SHARD;
        }
        Optional<DataSize> ranged = stage.readsInRangesAbove();
        if (ranged.isPresent() && cell.key().size().maxBytes() > ranged.get().bytes()) {
            return "objects above " + ranged.get() + " are read as parallel ranges, several GetObject"
                    + " requests each";
        }
        return null;
    }
}
