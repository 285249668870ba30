import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ProcessCost;
import io.s3workload.plan.Planner;
import io.s3workload.run.Engine;
import io.s3workload.s3.StoreFactory;
import io.s3workload.workload.CredentialsSpec;
import io.s3workload.workload.DataSize;
import io.s3workload.workload.EndpointSpec;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The client-efficiency table: for each row (GET/PUT x 4 KiB/1 MiB/10 MiB x 16/64 workers), the bare baseline (the
 * thinnest loop over StoreFactory.syncClient, the exact S3Client the engine builds: no plan, no histograms, no
 * reporters) and the engine with the sync and the CRT client, alternated row by row in this one warm JVM and
 * repeated, so that ratios hold on a noisy machine. Run by client-efficiency.sh:
 *
 *   java -cp cli/target/s3workload.jar src/bench/ClientEfficiency.java URL SECONDS REPEATS
 */
public final class ClientEfficiency {

    record Figures(double opsPerSecond, double mibPerSecond, double cpuMsPerOp, double kibPerOp) {
        Figures plus(Figures o) {
            return new Figures(opsPerSecond + o.opsPerSecond, mibPerSecond + o.mibPerSecond, cpuMsPerOp + o.cpuMsPerOp,
                    kibPerOp + o.kibPerOp);
        }

        Figures over(int n) {
            return new Figures(opsPerSecond / n, mibPerSecond / n, cpuMsPerOp / n, kibPerOp / n);
        }
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        int seconds = Integer.parseInt(args[1]);
        int repeats = Integer.parseInt(args[2]);
        EndpointSpec endpoint = new EndpointSpec("bare", java.net.URI.create(url), "us-east-1", true,
                new CredentialsSpec.Static("bench", "bench-secret", null));
        List<String[]> rows = new ArrayList<>();
        for (String c : List.of("16", "64")) {
            for (String op : List.of("put", "get")) {
                for (String size : List.of("4KiB", "1MiB", "10MiB")) {
                    rows.add(new String[] {op, size, c});
                }
            }
        }
        Map<String, Figures> sums = new java.util.HashMap<>();
        try (S3Client s3 = StoreFactory.syncClient(endpoint, 64, false)) {
            System.err.println("warming up...");
            bare(s3, "get", "4KiB", 16, 8);
            bare(s3, "put", "1MiB", 16, 8);
            engine(url, "get", "4KiB", 16, 8, "sync");
            engine(url, "put", "1MiB", 16, 8, "crt");
            for (int r = 0; r < repeats; r++) {
                for (String[] row : rows) {
                    int c = Integer.parseInt(row[2]);
                    String key = String.join(" ", row);
                    sums.merge(key + " bare", bare(s3, row[0], row[1], c, seconds), Figures::plus);
                    sums.merge(key + " sync", engine(url, row[0], row[1], c, seconds, "sync"), Figures::plus);
                    sums.merge(key + " crt", engine(url, row[0], row[1], c, seconds, "crt"), Figures::plus);
                    System.err.println("done " + key + " (" + (r + 1) + "/" + repeats + ")");
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-4s %-6s %3s | %-33s | %-40s | %-40s%n", "op", "size", "c",
                "baseline (bare loop, sync client)", "engine, sync", "engine, crt");
        System.out.printf(Locale.ROOT, "%-4s %-6s %3s | %8s %8s %7s %7s | %8s %6s %7s %6s %7s | %8s %6s %7s %6s %7s%n",
                "", "", "", "ops/s", "MiB/s", "ms/op", "KiB/op", "ops/s", "x", "ms/op", "x", "KiB/op", "ops/s", "x",
                "ms/op", "x", "KiB/op");
        for (String[] row : rows) {
            String key = String.join(" ", row);
            Figures b = sums.get(key + " bare").over(repeats);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-4s %-6s %3s | %8.1f %8.1f %7.3f %7.1f |",
                    row[0].toUpperCase(Locale.ROOT), row[1], row[2], b.opsPerSecond, b.mibPerSecond, b.cpuMsPerOp,
                    b.kibPerOp));
            for (String client : List.of("sync", "crt")) {
                Figures e = sums.get(key + " " + client).over(repeats);
                line.append(String.format(Locale.ROOT, " %8.1f %6.3f %7.3f %6.3f %7.1f |", e.opsPerSecond,
                        e.opsPerSecond / b.opsPerSecond, e.cpuMsPerOp, e.cpuMsPerOp / b.cpuMsPerOp, e.kibPerOp));
            }
            System.out.println(line);
        }
        System.out.println();
        System.out.println("Means of " + repeats + " interleaved runs of " + seconds + " s per row. x: engine / baseline"
                + " (ops/s: higher is better; CPU-ms per op: lower is better). KiB/op: heap allocated per operation by"
                + " the whole process, AWS SDK included.");
    }

    /** One engine run of a single cell; its figures. */
    private static Figures engine(String url, String op, String size, int c, int seconds, String client)
            throws Exception {
        String stage = op.equals("put")
                ? "{name: m, kind: put, sizes: [" + size + "], objects: 64, duration: " + seconds + "s}"
                : "{name: m, kind: get, sizes: [" + size + "], objects: 16, duration: " + seconds + "s}";
        String yaml = "endpoints: {n: {url: \"" + url + "\", credentials: {accessKey: a, secretKey: b}}}\n"
                + "bucket: bench\ndefaults: {concurrency: " + c + ", client: " + client + "}\nstages: [" + stage + "]\n";
        var plan = Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("row.yaml", yaml));
        CellStats cell = new Engine(plan, List.of()).run().stages().get(0).cells().get(0);
        return new Figures(cell.opsPerSecond(), cell.bytesPerSecond() / (1 << 20),
                cell.cpuNanos() / 1e6 / cell.attempted(), cell.allocatedPerOperation() / 1024);
    }

    /** The bare loop: {@code c} virtual threads, one fixed key each, for {@code seconds}. */
    private static Figures bare(S3Client s3, String op, String sizeText, int c, int seconds) throws Exception {
        long size = DataSize.parse(sizeText).orElseThrow().bytes();
        String prefix = "bare/" + sizeText + "/";
        byte[] body = op.equals("put") ? new byte[(int) size] : new byte[0];
        long cpu = ProcessCost.cpuNanos();
        long allocated = ProcessCost.allocatedBytes();
        long start = System.nanoTime();
        long deadline = start + seconds * 1_000_000_000L;
        AtomicLong total = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < c; t++) {
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
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
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
        double elapsed = (System.nanoTime() - start) / 1e9;
        long ops = total.get();
        return new Figures(ops / elapsed, ops * (double) size / elapsed / (1 << 20),
                (ProcessCost.cpuNanos() - cpu) / 1e6 / ops, (ProcessCost.allocatedBytes() - allocated) / 1024.0 / ops);
    }
}
