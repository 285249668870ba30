package io.s3workload.cli;

import io.s3workload.cli.options.WorkloadOptions;
import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.ground.Units;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.result.CleanupResult;
import io.s3workload.run.cleanup.Cleanup;
import io.s3workload.run.cleanup.CleanupManifest;
import io.s3workload.run.clients.RunStores;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code s3workload cleanup}: finishes a cleanup a run could not. */
@Command(name = "cleanup", header = "Delete what a run left behind: the keys of a cleanup manifest, or a run prefix.",
        mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"A run deletes everything it wrote under its run prefix. When it cannot (the storage failing,"
                + " the credentials revoked, the process killed), it writes the keys left to"
                + " s3workload-cleanup-<run-id>.txt and says so. This command finishes the job through the workload's"
                + " endpoints, credentials and client settings, in every bucket the run spread its keys over"
                + " (buckets:):", "",
            "  s3workload cleanup WORKLOAD.yaml --manifest s3workload-cleanup-<run-id>.txt",
            "  s3workload cleanup WORKLOAD.yaml --prefix s3workload/<run-id>/ [--on ENDPOINT]", "",
            "With --manifest it deletes the keys listed (only those under the manifest's prefix) and, where the"
                + " manifest says 'unlisted', what a listing of the prefix finds, riding out transient failures; the"
                + " file is rewritten with what is still left, or removed when nothing is. With --prefix it lists the"
                + " prefix, says how many objects it holds and asks before deleting them (--yes: without asking).",
            "", "Nothing outside the given prefix is ever deleted.", "",
            "Exit codes: 0 everything removed; 1 something is left (the manifest says what); 2 bad input or not"
                + " confirmed; 3 endpoint unreachable.", ""})
final class CleanupCommand implements Callable<Integer> {

    @Mixin
    WorkloadOptions workload;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    static final class Target {
        @Option(names = "--manifest", paramLabel = "FILE", description = "A manifest a run wrote.")
        Path manifest;

        @Option(names = "--prefix", paramLabel = "PREFIX",
                description = "Delete every object under this prefix (a run prefix, e.g. s3workload/20261121-091500-ab12/).")
        String prefix;
    }

    @Option(names = "--on", paramLabel = "ENDPOINT",
            description = "With --prefix: the endpoint to delete through (default: the workload's first).")
    String on;

    @Option(names = "--yes", description = "With --prefix: do not ask for confirmation.")
    boolean yes;

    @Override
    public Integer call() throws Exception {
        Plan plan = Planner.plan(workload.load());
        if (plan.endpoints().isEmpty()) {
            System.err.println("error: this workload runs on the embedded server, whose objects go with the run;"
                    + " name the storage to clean with --endpoint URL");
            return ExitCodes.BAD_INPUT;
        }
        return target.manifest != null ? fromManifest(plan) : fromPrefix(plan);
    }

    private int fromManifest(Plan plan) {
        CleanupManifest manifest;
        try {
            manifest = CleanupManifest.read(target.manifest);
        } catch (IOException e) {
            System.err.println("error: " + (Files.exists(target.manifest) ? e.getMessage()
                    : target.manifest + " does not exist"));
            return ExitCodes.BAD_INPUT;
        }
        if (!manifest.bucket().equals(plan.bucket())) {
            System.err.println("error: the manifest is for bucket '" + manifest.bucket() + "', the workload names '"
                    + plan.bucket() + "' (use --bucket " + manifest.bucket() + ")");
            return ExitCodes.BAD_INPUT;
        }
        Map<String, ObjectStore> stores = stores(plan, manifest.endpoints());
        System.out.println("Cleaning up " + Units.count(manifest.keyCount(), "key") + (manifest.unlisted().isEmpty() ? ""
                : " and the unlisted prefix") + " under " + manifest.prefix() + " in " + buckets(plan));
        return report(Cleanup.finish(manifest, stores, target.manifest), manifest.prefix());
    }

    private int fromPrefix(Plan plan) throws IOException {
        String prefix = target.prefix.replaceAll("^/+", "");
        if (prefix.isBlank() || !prefix.endsWith("/") || !prefix.contains("/")) {
            System.err.println("error: --prefix must be a run prefix ending in '/', e.g. s3workload/20261121-091500-ab12/;"
                    + " got '" + target.prefix + "'");
            return ExitCodes.BAD_INPUT;
        }
        String endpoint = on != null ? on : plan.endpoints().keySet().iterator().next();
        if (!plan.endpoints().containsKey(endpoint)) {
            System.err.println("error: no endpoint named '" + endpoint + "'; the workload has "
                    + String.join(", ", plan.endpoints().keySet()));
            return ExitCodes.BAD_INPUT;
        }
        Map<String, ObjectStore> stores = stores(plan, Set.of(endpoint));
        long count;
        try {
            count = Cleanup.count(prefix, stores.get(endpoint));
        } catch (StoreException e) {
            System.err.println("error: cannot list " + prefix + ": " + e.getMessage());
            return ExitCodes.ENDPOINT;
        }
        System.out.println(Units.count(count, "object") + " under " + prefix + " in " + buckets(plan) + " on "
                + endpoint);
        if (count == 0) {
            return ExitCodes.OK;
        }
        if (!yes) {
            if (System.console() == null) {
                System.err.println("error: not confirmed; run it on a terminal to answer, or add --yes");
                return ExitCodes.BAD_INPUT;
            }
            String answer = System.console().readLine("Delete them? Type yes: ");
            if (answer == null || !answer.trim().equals("yes")) {
                System.err.println("Nothing deleted.");
                return ExitCodes.BAD_INPUT;
            }
        }
        CleanupManifest all = new CleanupManifest(plan.bucket(), prefix, Map.of(), Set.of(endpoint));
        String runId = prefix.replaceAll("/$", "").replaceAll(".*/", "");
        return report(Cleanup.finish(all, stores, Cleanup.manifestFile(runId)), prefix);
    }

    /** The run's own clients: over every bucket it spread its keys over, with the workload's client settings. */
    private static Map<String, ObjectStore> stores(Plan plan, Set<String> names) {
        return RunStores.forCleanup(plan, names);
    }

    /** {@code bucket b}, or {@code buckets b-1, b-2, b-3} for a run that spreads its keys over several. */
    private static String buckets(Plan plan) {
        return plan.buckets().size() == 1 ? "bucket " + plan.bucket() : "buckets " + String.join(", ",
                plan.buckets());
    }

    private static int report(CleanupResult result, String prefix) {
        System.out.println("Cleanup: " + result.summary(prefix) + ".");
        result.errors().stream().limit(5).forEach(e -> System.out.println("  error: " + e));
        if (result.manifest().isPresent()) {
            System.out.println("What is or may be left is in " + result.manifest().get()
                    + ". Run this again when the storage answers.");
            return ExitCodes.THRESHOLD;
        }
        System.out.println("Nothing is left.");
        return ExitCodes.OK;
    }
}
