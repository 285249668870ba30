import io.s3workload.metrics.ProcessCost;
import io.s3workload.s3.StoreFactory;
import io.s3workload.workload.CredentialsSpec;
import io.s3workload.workload.DataSize;
import io.s3workload.workload.EndpointSpec;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The bare baseline: the thinnest loop over the same S3 client the engine builds (StoreFactory.syncClient), on
 * virtual threads, with no plan, no histograms, no reporters. It is the physical limit of this client stack on this
 * machine; client-efficiency.sh compares the engine against it. Run from the repository root:
 *
 *   java -cp cli/target/s3workload.jar src/bench/BareLoop.java URL WARMUP_SECONDS SECONDS OP:SIZE:CONCURRENCY...
 *
 * All rows run in one JVM after the same warm-up as the engine's benchmark workload (GET 4 KiB and 1 MiB at 16),
 * so both are measured with a warm JIT. Prints a line per row: op size concurrency ops/s MiB/s CPU-s/GiB CPU-ms/op
 * KiB-allocated/op.
 */
public final class BareLoop {

    public static void main(String[] args) throws Exception {
        URI url = URI.create(args[0]);
        long warmup = Long.parseLong(args[1]);
        long seconds = Long.parseLong(args[2]);
        EndpointSpec endpoint = new EndpointSpec("bare", url, "us-east-1", true,
                new CredentialsSpec.Static("bench", "bench-secret", null));
        int maxConcurrency = 0;
        for (int i = 3; i < args.length; i++) {
            maxConcurrency = Math.max(maxConcurrency, Integer.parseInt(args[i].split(":")[2]));
        }
        try (S3Client s3 = StoreFactory.syncClient(endpoint, maxConcurrency, false)) {
            loop(s3, "get", "bare/4KiB/", new byte[0], 16, warmup);
            loop(s3, "get", "bare/1MiB/", new byte[0], 16, warmup);
            for (int i = 3; i < args.length; i++) {
                String[] row = args[i].split(":");
                row(s3, row[0], row[1], Integer.parseInt(row[2]), seconds);
            }
        }
    }

    /** Measures one row and prints it. */
    private static void row(S3Client s3, String op, String sizeText, int concurrency, long seconds) throws Exception {
        long size = DataSize.parse(sizeText).orElseThrow().bytes();
        String prefix = "bare/" + DataSize.ofBytes(size).label() + "/";
        byte[] body = op.equals("put") ? new byte[(int) size] : new byte[0];
        long cpu = ProcessCost.cpuNanos();
        long allocated = ProcessCost.allocatedBytes();
        long start = System.nanoTime();
        long ops = loop(s3, op, prefix, body, concurrency, seconds);
        double elapsed = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (ProcessCost.cpuNanos() - cpu) / 1e9;
        double allocatedPerOp = (double) (ProcessCost.allocatedBytes() - allocated) / ops;
        double gib = ops * (double) size / (1L << 30);
        System.out.printf(Locale.ROOT, "%s %s %d %.1f %.1f %.2f %.3f %.1f%n", op, sizeText, concurrency,
                ops / elapsed, ops * (double) size / elapsed / (1 << 20), cpuSeconds / gib,
                cpuSeconds * 1000 / ops, allocatedPerOp / 1024);
    }

    /** Runs {@code concurrency} virtual threads for {@code seconds}; returns the operations completed. */
    private static long loop(S3Client s3, String op, String prefix, byte[] body, int concurrency, long seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong total = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < concurrency; t++) {
            String key = prefix + t;
            threads.add(Thread.ofVirtual().start(() -> {
                byte[] buffer = new byte[256 * 1024];
                long ops = 0;
                while (System.nanoTime() < deadline) {
                    if (op.equals("get")) {
                        try (InputStream in = s3.getObject(r -> r.bucket("bench").key(key))) {
                            while (in.read(buffer) >= 0) {
                                // discard
                            }
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    } else {
                        s3.putObject(r -> r.bucket("bench").key(key).contentLength((long) body.length),
                                RequestBody.fromContentProvider(() -> new ByteArrayInputStream(body), body.length,
                                        "application/octet-stream"));
                    }
                    ops++;
                }
                total.addAndGet(ops);
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return total.get();
    }
}
