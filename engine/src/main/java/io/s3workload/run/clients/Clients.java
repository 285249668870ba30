package io.s3workload.run.clients;

import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.server.ServerScraper;
import io.s3workload.s3.CustomerKey;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.ClientSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The run's S3 clients. Shared clients are made once per (endpoint, client kind, checksums) with a pool as large
 * as the busiest stage on that endpoint; per-worker clients are made for a worker and closed when it stops.
 *
 * <p>A client's first request carries its start — class loading, the signer's first use, a connection (and TLS
 * handshake) — which would land in the first measured operation and in the cell's p99. So every client sends one
 * unmeasured HeadBucket when it is made ({@link #primed}); the bucket check before the run is that request for the
 * shared clients it makes. A failure of it is left to the measured operations to meet and report.
 */
public final class Clients implements AutoCloseable {

    private final Plan plan;
    /** Endpoints whose region the server corrected before the run (see {@link #useRegion}). */
    private final Map<String, EndpointSpec> corrected = new ConcurrentHashMap<>();
    private final Map<String, ObjectStore> shared = new ConcurrentHashMap<>();
    private final Set<Thread> working = ConcurrentHashMap.newKeySet();
    private volatile boolean interrupted;
    /** The run's SSE-C key, for the stages whose objects are encrypted with one; never written anywhere. */
    private final CustomerKey customerKey = CustomerKey.random();

    /** The scrapers of the endpoints whose store's metrics are read ({@code serverMetrics}), made on first use. */
    private final Map<String, ServerScraper> scrapers = new ConcurrentHashMap<>();
    /** Whether this run is one shard of several, whose store serves the others too. */
    private final boolean sharded;

    public Clients(Plan plan) {
        this(plan, false);
    }

    public Clients(Plan plan, boolean sharded) {
        this.plan = plan;
        this.sharded = sharded;
    }

    /** The scraper of {@code endpoint}'s store's metrics, when it names them. */
    public Optional<ServerScraper> scraper(String endpoint) {
        EndpointSpec spec = plan.endpoints().get(endpoint);
        if (spec == null || spec.serverMetrics().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(scrapers.computeIfAbsent(endpoint, e -> new ServerScraper(e,
                spec.serverMetrics().get())));
    }

    /** How many of each cell's slowest operations (and first failures of each class) the run names. */
    public int slowest() {
        return plan.slowest();
    }

    /** Whether this run is one shard of several (the store counts the others' requests too). */
    public boolean sharded() {
        return sharded;
    }

    /** The shared client for {@code endpoint} with the given settings. */
    public ObjectStore shared(String endpoint, ClientSettings client) {
        String key = storeKey(endpoint, client);
        return shared.computeIfAbsent(key, k -> create(endpoint, plan.maxConnections(endpoint), client));
    }

    /**
     * The shared client for {@code endpoint}, having sent its first request: the bucket check did for the clients
     * made before the run; one made later (another client kind on the endpoint) sends an unmeasured HeadBucket.
     */
    public ObjectStore sharedPrimed(String endpoint, ClientSettings client) {
        String key = storeKey(endpoint, client);
        ObjectStore existing = shared.get(key);
        return existing != null ? existing : primed(shared(endpoint, client));
    }

    /**
     * What makes two stages' shared clients differ: the client, its checksums and its time limits (which its pool is
     * built with); not the retries or the total limit, which the loop applies.
     */
    private static String storeKey(String endpoint, ClientSettings client) {
        return endpoint + "/" + client.kind() + "/" + client.checksums() + "/" + client.timeouts().connect() + "/"
                + client.timeouts().firstByte();
    }

    /** A client of {@code endpoint} over the run's buckets (see {@link RunStores#over}). */
    private ObjectStore create(String endpoint, int connections, ClientSettings client) {
        return RunStores.over(plan, endpoint(endpoint), connections, client);
    }

    /** {@code store} after one unmeasured request, so that its start is not in the first measured operation. */
    static ObjectStore primed(ObjectStore store) {
        try {
            store.bucketWide().prime();
        } catch (RuntimeException e) {
            // the measured operations meet the same failure and report it
        }
        return store;
    }

    /**
     * How the workers of {@code stage} get their client: for the stage's endpoint, or for the one each worker is
     * given when the stage spreads over several ({@link StagePlan#spread}).
     */
    public Lease lease(StagePlan stage) {
        IntFunction<String> endpointOf = stage.endpointOfWorker(plan.seed().orElseThrow());
        boolean interruptible = stage.endpoints().stream()
                .allMatch(e -> StoreFactory.lean(endpoint(e), stage.client()));
        if (stage.client().sharing() == ClientSpec.Sharing.SHARED) {
            Map<String, ObjectStore> stores = new ConcurrentHashMap<>();
            return new Lease(interruptible, endpointOf, worker -> stores.computeIfAbsent(endpointOf.apply(worker),
                    e -> {
                        ObjectStore shared = sharedPrimed(e, stage.client());
                        return stage.customerKey() ? shared.withHeaders(customerKey.requestHeaders(), false) : shared;
                    }), s -> { });
        }
        int perWorker = Math.max(1, stage.connections() / stage.concurrency());
        return new Lease(interruptible, endpointOf, worker -> {
            ObjectStore own = primed(create(endpointOf.apply(worker), perWorker, stage.client()));
            return stage.customerKey() ? own.withHeaders(customerKey.requestHeaders(), true) : own;
        }, ObjectStore::close);
    }

    /**
     * Threads from {@code builder} that do the run's requests: {@link #interruptAll} interrupts every one of them
     * that is alive, and any started after it, so that Ctrl-C ends requests in flight at once.
     */
    public ThreadFactory threads(Thread.Builder builder) {
        ThreadFactory made = builder.factory();
        return task -> made.newThread(() -> {
            Thread self = Thread.currentThread();
            working.add(self);
            try {
                if (interrupted) {
                    self.interrupt();
                }
                task.run();
            } finally {
                working.remove(self);
            }
        });
    }

    /** Interrupts every thread of {@link #threads} now and from now on (the run is stopping). */
    public void interruptAll() {
        interrupted = true;
        working.forEach(Thread::interrupt);
    }

    /** The shared clients made so far. */
    List<ObjectStore> open() {
        return new ArrayList<>(shared.values());
    }

    public String bucket() {
        return plan.bucket();
    }

    /** The buckets the run's keys are spread over (one: the run's bucket). */
    public List<String> buckets() {
        return plan.buckets();
    }

    /**
     * From now on signs for {@code region} on endpoint {@code name} (whose region was given nowhere and which the
     * server says its bucket is in): the clients made for it so far — by the bucket check — are closed.
     */
    public synchronized EndpointSpec useRegion(String name, String region) {
        EndpointSpec endpoint = endpoint(name).withRegion(region, EndpointSpec.REGION_FROM_SERVER);
        corrected.put(name, endpoint);
        shared.keySet().removeIf(key -> {
            if (key.startsWith(name + "/")) {
                shared.get(key).close();
                return true;
            }
            return false;
        });
        return endpoint;
    }

    public EndpointSpec endpoint(String name) {
        EndpointSpec endpoint = corrected.getOrDefault(name, plan.endpoints().get(name));
        if (endpoint == null) {
            throw new IllegalStateException("plan has no endpoint '" + name + "'");
        }
        return endpoint;
    }

    @Override
    public void close() {
        shared.values().forEach(ObjectStore::close);
        scrapers.values().forEach(ServerScraper::close);
    }

    /** Where every operation is logged ({@code --report ops}); null: nowhere. Set before the first stage. */
    private volatile OpsSink opsLog;

    /** Logs every operation of the run into {@code sink} from now on. */
    public void logOperations(OpsSink sink) {
        this.opsLog = sink;
    }

    /** Where the run's operations are logged ({@code --report ops}); empty: nowhere. */
    public Optional<OpsSink> opsLog() {
        return Optional.ofNullable(opsLog);
    }

    /** Gives a worker its client and takes it back, and makes the threads workers run on. */
    public final class Lease {
        private final boolean interruptibleOnPlatformThreads;
        private final IntFunction<String> endpointOf;
        private final IntFunction<ObjectStore> acquire;
        private final Consumer<ObjectStore> release;

        private Lease(boolean interruptibleOnPlatformThreads, IntFunction<String> endpointOf,
                      IntFunction<ObjectStore> acquire,
                      Consumer<ObjectStore> release) {
            this.interruptibleOnPlatformThreads = interruptibleOnPlatformThreads;
            this.endpointOf = endpointOf;
            this.acquire = acquire;
            this.release = release;
        }

        /** Where the loops' operations are logged; null: nowhere. */
        public OpsSink opsLog() {
            return opsLog;
        }

        /** The client of worker {@code worker}: for its endpoint. */
        public ObjectStore acquire(int worker) {
            return acquire.apply(worker);
        }

        /** The endpoint worker {@code worker} sends to. */
        public String endpointOf(int worker) {
            return endpointOf.apply(worker);
        }

        public void release(ObjectStore store) {
            release.accept(store);
        }

        /** Whether a platform thread blocked in the stores' I/O is woken by an interrupt (virtual threads always are). */
        public boolean interruptibleOnPlatformThreads() {
            return interruptibleOnPlatformThreads;
        }

        /** Worker threads from {@code builder}, interrupted when the run stops ({@link Clients#threads}). */
        public ThreadFactory threads(Thread.Builder builder) {
            return Clients.this.threads(builder);
        }
    }
}
