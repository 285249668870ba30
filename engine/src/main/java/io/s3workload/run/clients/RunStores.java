package io.s3workload.run.clients;

import io.s3workload.plan.Plan;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a run reaches an endpoint's objects, written once for the run's stages, its cleanup and
 * {@code s3workload cleanup} after it: a client over every bucket the run spreads its keys over, with the client
 * settings of the workload.
 */
public final class RunStores {

    private RunStores() {
    }

    /**
     * A client of {@code endpoint}: of the run's bucket, or one over the buckets its keys are spread over, each with
     * a client of its own ({@code connections} each: they open as they are needed).
     */
    public static ObjectStore over(Plan plan, EndpointSpec endpoint, int connections, ClientSettings client) {
        return StoreFactory.spread(plan.buckets().stream().map(bucket -> StoreFactory.create(endpoint, bucket,
                connections, client)).toList());
    }

    /** What a cleanup goes through: for each of {@code endpoints} the workload defines, the run's own client. */
    public static Map<String, ObjectStore> forCleanup(Plan plan, Collection<String> endpoints) {
        Map<String, ObjectStore> stores = new LinkedHashMap<>();
        for (String name : endpoints) {
            EndpointSpec endpoint = plan.endpoints().get(name);
            if (endpoint != null) {
                stores.put(name, over(plan, endpoint, plan.maxConnections(name), plan.clientFor(name)));
            }
        }
        return stores;
    }
}
