package io.s3workload.run;

import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.clients.Clients;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.run.keys.ExistingObjects;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.objects.ObjectsFrom;
import io.s3workload.workload.yaml.Suggestions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

/**
 * The run's look at its buckets before its first stage: each bucket checked on every endpoint a stage reads or
 * writes through (created where the workload allows), the region corrected where the server names the bucket's, and
 * the existing objects a stage reads found. What it learnt is the plan as checked ({@link #checkedPlan}).
 */
final class BucketCheck {

    private final Plan plan;
    private final BooleanSupplier cancelled;
    /** Endpoints whose region the bucket check corrected from what the server said. */
    private final List<EndpointSpec> regionsCorrected = new CopyOnWriteArrayList<>();
    /** The buckets this run created over several ({@code buckets:}), removed after its cleanup. */
    private final List<CreatedBucket> created = new CopyOnWriteArrayList<>();
    /** The bucket {@link #checkBuckets} is checking, for its errors. */
    private String checking;

    BucketCheck(Plan plan, BooleanSupplier cancelled) {
        this.plan = plan;
        this.cancelled = cancelled;
    }

    /** The endpoints whose region the servers corrected (signed for the one the server named). */
    List<EndpointSpec> regionsCorrected() {
        return List.copyOf(regionsCorrected);
    }

    /** Where the check's requests are logged ({@code --report ops}). */
    private Optional<OpsSink> log = Optional.empty();

    /** The check's requests: retried while they may pass, logged as the preflight's. */
    private OwnRequests requests() {
        return OwnRequests.preflight(cancelled).logged(log, OpsSink.PREFLIGHT, "");
    }

    /** The buckets the run created over several ({@code buckets:}). */
    List<CreatedBucket> created() {
        return List.copyOf(created);
    }

    /** The plan as the check found the endpoints: with the regions the servers named. */
    Plan checkedPlan() {
        Plan checked = plan;
        for (EndpointSpec corrected : regionsCorrected) {
            checked = checked.withEndpoint(corrected);
        }
        return checked;
    }

    /**
     * Checks the bucket on every endpoint a stage reads or writes (creating it if allowed); returns a client for
     * each, the ones cleanup goes through. Endpoints only connectivity stages use are theirs to report on.
     */
    Map<String, ObjectStore> run(Clients clients) throws EndpointUnavailableException {
        log = clients.opsLog();
        Map<String, ObjectStore> stores = new LinkedHashMap<>();
        for (StagePlan stage : plan.stages()) {
            if (stage.kind().has(StageKind.Trait.ENDPOINTS_ONLY)) {
                continue;
            }
            for (String name : stage.endpoints()) {
                if (stores.containsKey(name)) {
                    continue;
                }
                EndpointSpec endpoint = plan.endpoints().get(name);
                if (endpoint == null) {
                    throw new IllegalStateException("plan has no endpoint '" + name + "'");
                }
                ObjectStore store = clients.shared(name, plan.clientFor(name));
                try {
                    checkBuckets(store, endpoint);
                } catch (StoreException e) {
                    EndpointSpec given = endpoint;
                    Optional<String> region = ErrorClassifier.serverRegion(e)
                            .filter(r -> given.regionDefaulted() && !r.equals(given.region()));
                    if (region.isPresent()) {
                        // signed for the default region, refused, told the bucket's: sign for that one
                        endpoint = clients.useRegion(name, region.get());
                        regionsCorrected.add(endpoint);
                        store = clients.shared(name, plan.clientFor(name));
                        try {
                            checkBuckets(store, endpoint);
                            stores.put(name, store);
                            continue;
                        } catch (StoreException again) {
                            e = again;
                        }
                    }
                    throw new EndpointUnavailableException(Preflight.explain(e, endpoint, checking));
                }
                stores.put(name, store);
            }
        }
        for (StagePlan stage : plan.stages()) {
            if (stage.existing().isPresent()) {
                checkExisting(stage, stage.existing().get(), stores.get(stage.endpoint()));
            }
        }
        return stores;
    }

    /**
     * A stage reading existing objects finds some under its prefix, or the run does not start: the error says where
     * the prefix was written and which prefixes nearby do hold objects.
     */
    private void checkExisting(StagePlan stage, ObjectsFrom.Prefix prefix, ObjectStore store)
            throws EndpointUnavailableException {
        OwnRequests requests = requests();
        try {
            if (!requests.call("ListObjectsV2", () -> store.bucketWide().listPage(prefix.prefix(), null, 1)).keys().isEmpty()) {
                return;
            }
            List<String> nearby = ExistingObjects.nearby(store, prefix.prefix(), requests);
            String suggestion = Suggestions.didYouMean(prefix.prefix(), nearby);
            throw new EndpointUnavailableException(prefix.where() + ": stage '" + stage.name() + "' reads the"
                    + " existing objects under '" + prefix.prefix() + "', but bucket '" + plan.bucket() + "' on"
                    + " endpoint '" + stage.endpoint() + "' holds none there" + suggestion + ". " + (nearby.isEmpty()
                    ? "The bucket holds no objects at all." : "Prefixes that hold objects: " + String.join(", ",
                    nearby.subList(0, Math.min(10, nearby.size()))) + (nearby.size() > 10 ? ", ..." : "") + ".")
                    + " A prefix is matched as written, from the bucket's root (aws s3 ls s3://" + plan.bucket()
                    + "/" + prefix.prefix() + " lists the same).");
        } catch (StoreException e) {
            throw new EndpointUnavailableException("stage '" + stage.name() + "' cannot list the existing objects"
                    + " under '" + prefix.prefix() + "' (" + prefix.where() + "): " + e.errorClass());
        }
    }

    /**
     * Checks each bucket of {@code store} (the run's, or those its keys are spread over), creating one that does not
     * exist where the workload allows; throws the first other failure, {@link #checking} naming its bucket.
     */
    private void checkBuckets(ObjectStore store, EndpointSpec endpoint) throws EndpointUnavailableException {
        for (ObjectStore bucket : store.buckets()) {
            checking = bucket.bucket();
            try {
                requests().run("HeadBucket", bucket.bucketWide()::checkBucket);
            } catch (StoreException e) {
                if (e.kind() != StoreException.Kind.NO_BUCKET || !plan.createBucket()) {
                    throw e;
                }
                createBucket(bucket, endpoint);
            }
        }
    }

    /**
     * Creates the bucket; another process (a shard) creating it at the same time is as good. A run over several
     * buckets ({@code buckets:}) notes those it created, to remove them after its cleanup.
     */
    private void createBucket(ObjectStore store, EndpointSpec endpoint) throws EndpointUnavailableException {
        try {
            requests().run("CreateBucket", store.bucketWide()::createBucket);
            if (plan.buckets().size() > 1) {
                created.add(new CreatedBucket(endpoint.name(), store));
            }
        } catch (StoreException e) {
            if (e.errorClass().contains("BucketAlreadyOwnedByYou")) {
                return;
            }
            throw new EndpointUnavailableException("endpoint '" + endpoint.name() + "' (" + endpoint.printableUrl()
                    + "): cannot create bucket '" + store.bucket() + "': " + e.errorClass());
        }
    }

    /** A bucket this run created, on an endpoint, through its store there. */
    record CreatedBucket(String endpoint, ObjectStore store) {
    }
}
