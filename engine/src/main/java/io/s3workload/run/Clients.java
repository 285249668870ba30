package io.s3workload.run;

import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreFactory;
import io.s3workload.workload.ClientSpec;
import io.s3workload.workload.EndpointSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The run's S3 clients. Shared clients are made once per (endpoint, client kind, checksums) with a pool as large
 * as the busiest stage on that endpoint; per-worker clients are made for a worker and closed when it stops.
 */
final class Clients implements AutoCloseable {

    private final Plan plan;
    private final Map<String, ObjectStore> shared = new ConcurrentHashMap<>();

    Clients(Plan plan) {
        this.plan = plan;
    }

    /** The shared client for {@code endpoint} with the given settings. */
    ObjectStore shared(String endpoint, ClientSpec client) {
        String key = endpoint + "/" + client.kind().orElseThrow() + "/" + client.checksums().orElseThrow();
        return shared.computeIfAbsent(key, k -> StoreFactory.create(endpoint(endpoint), plan.bucket(),
                plan.maxConnections(endpoint), client));
    }

    /** How the workers of {@code stage} get their client. */
    Lease lease(StagePlan stage) {
        boolean interruptible = StoreFactory.lean(endpoint(stage.endpoint()), stage.client());
        if (stage.client().sharing().orElseThrow() == ClientSpec.Sharing.SHARED) {
            ObjectStore store = shared(stage.endpoint(), stage.client());
            return new Lease() {
                @Override
                public boolean interruptibleOnPlatformThreads() {
                    return interruptible;
                }

                @Override
                public ObjectStore acquire() {
                    return store;
                }

                @Override
                public void release(ObjectStore s) {
                }
            };
        }
        int perWorker = Math.max(1, stage.connections() / stage.concurrency());
        return new Lease() {
            @Override
            public boolean interruptibleOnPlatformThreads() {
                return interruptible;
            }

            @Override
            public ObjectStore acquire() {
                return StoreFactory.create(endpoint(stage.endpoint()), plan.bucket(), perWorker, stage.client());
            }

            @Override
            public void release(ObjectStore s) {
                s.close();
            }
        };
    }

    /** The shared clients made so far. */
    List<ObjectStore> open() {
        return new ArrayList<>(shared.values());
    }

    String bucket() {
        return plan.bucket();
    }

    EndpointSpec endpoint(String name) {
        EndpointSpec endpoint = plan.endpoints().get(name);
        if (endpoint == null) {
            throw new IllegalStateException("plan has no endpoint '" + name + "'");
        }
        return endpoint;
    }

    @Override
    public void close() {
        shared.values().forEach(ObjectStore::close);
    }

    /** Gives a worker its client and takes it back. */
    interface Lease {
        ObjectStore acquire();

        void release(ObjectStore store);

        /** Whether a platform thread blocked in the stores' I/O is woken by an interrupt (virtual threads always are). */
        boolean interruptibleOnPlatformThreads();
    }
}
