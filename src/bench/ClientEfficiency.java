import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ProcessCost;
import io.s3workload.plan.Planner;
import io.s3workload.run.Engine;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.workload.DataSize;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
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

    /** Heap bytes per operation from JFR allocation samples, split by who allocated (see {@link #owner}). */
    record Allocation(double totalKib, double clientKib, double jdkKib, double ownKib) {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        int seconds = Integer.parseInt(args[1]);
        int repeats = Integer.parseInt(args[2]);
        String only = args.length > 3 ? args[3] : "";
        EndpointSpec endpoint = new EndpointSpec("bare", java.net.URI.create(url), "us-east-1", true,
                new CredentialsSpec.Static(ACCESS_KEY, SECRET_KEY, null));
        List<String[]> rows = new ArrayList<>();
        for (String c : List.of("16", "64")) {
            for (String op : List.of("put", "get")) {
                for (String size : List.of("4KiB", "1MiB", "10MiB")) {
                    if (String.join(" ", op, size, c).contains(only)) {
                        rows.add(new String[] {op, size, c});
                    }
                }
            }
        }
        Map<String, Figures> sums = new java.util.HashMap<>();
        Map<String, Allocation> allocations = new java.util.HashMap<>();
        try (S3Client s3 = StoreFactory.syncClient(endpoint, 64, false)) {
            try {
                s3.createBucket(b -> b.bucket("bench")); // a real server (CE_SERVER=minio) has none yet
            } catch (RuntimeException exists) {
                // the null server accepts anything; a real one may have it from an earlier run
            }
            System.err.println("warming up...");
            bare(s3, "get", "4KiB", 16, 8);
            bare(s3, "put", "1MiB", 16, 8);
            for (String client : CLIENTS) {
                engine(url, "get", "4KiB", 16, 4, client);
                engine(url, "put", "1MiB", 16, 4, client);
            }
            for (int r = 0; r < repeats; r++) {
                for (String[] row : rows) {
                    int c = Integer.parseInt(row[2]);
                    String key = String.join(" ", row);
                    if (runs("bare")) {
                        sums.merge(key + " bare", bare(s3, row[0], row[1], c, seconds), Figures::plus);
                    }
                    for (String client : CLIENTS) {
                        if (runs(client)) {
                            sums.merge(key + " " + client, engine(url, row[0], row[1], c, seconds, client),
                                    Figures::plus);
                        }
                    }
                    System.err.println("done " + key + " (" + (r + 1) + "/" + repeats + ")");
                }
            }
            if (!runs("bare") || CLIENTS.stream().anyMatch(client -> !runs(client))) {
                sums.forEach((key, f) -> System.out.printf(Locale.ROOT, "%-20s %9.1f ops/s %8.3f ms/op%n", key,
                        f.over(repeats).opsPerSecond, f.over(repeats).cpuMsPerOp));
                return;
            }
            for (String[] row : rows) {
                int c = Integer.parseInt(row[2]);
                String key = String.join(" ", row);
                allocations.put(key + " bare", allocation(() -> bare(s3, row[0], row[1], c, seconds)));
                for (String client : CLIENTS) {
                    allocations.put(key + " " + client, allocation(() -> engine(url, row[0], row[1], c, seconds,
                            client)));
                }
                System.err.println("allocation profile done " + key);
            }
        }
        System.out.printf(Locale.ROOT, "%-4s %-6s %3s | %-33s |%s%n", "op", "size", "c",
                "baseline (bare loop, sync client)", CLIENTS.stream().map(client -> String.format(Locale.ROOT,
                        " %-40s |", "engine, " + client)).collect(java.util.stream.Collectors.joining()));
        System.out.printf(Locale.ROOT, "%-4s %-6s %3s | %8s %8s %7s %7s |%s%n", "", "", "", "ops/s", "MiB/s", "ms/op",
                "KiB/op", String.format(Locale.ROOT, " %8s %6s %7s %6s %7s |", "ops/s", "x", "ms/op", "x", "KiB/op")
                        .repeat(CLIENTS.size()));
        for (String[] row : rows) {
            String key = String.join(" ", row);
            Figures b = sums.get(key + " bare").over(repeats);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-4s %-6s %3s | %8.1f %8.1f %7.3f %7.1f |",
                    row[0].toUpperCase(Locale.ROOT), row[1], row[2], b.opsPerSecond, b.mibPerSecond, b.cpuMsPerOp,
                    b.kibPerOp));
            for (String client : CLIENTS) {
                Figures e = sums.get(key + " " + client).over(repeats);
                line.append(String.format(Locale.ROOT, " %8.1f %6.3f %7.3f %6.3f %7.1f |", e.opsPerSecond,
                        e.opsPerSecond / b.opsPerSecond, e.cpuMsPerOp, e.cpuMsPerOp / b.cpuMsPerOp, e.kibPerOp));
            }
            System.out.println(line);
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-4s %-6s %3s | %-29s |%s%n", "op", "size", "c", "baseline: heap KiB per op",
                CLIENTS.stream().map(client -> String.format(Locale.ROOT, " %-29s |", "engine, " + client
                        + ": KiB per op")).collect(java.util.stream.Collectors.joining()));
        System.out.printf(Locale.ROOT, "%-4s %-6s %3s |%s%n", "", "", "", " total    SDK    JDK   own |"
                .repeat(CLIENTS.size() + 1));
        for (String[] row : rows) {
            String key = String.join(" ", row);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-4s %-6s %3s |",
                    row[0].toUpperCase(Locale.ROOT), row[1], row[2]));
            for (String who : java.util.stream.Stream.concat(java.util.stream.Stream.of("bare"), CLIENTS.stream())
                    .toList()) {
                Allocation a = allocations.get(key + " " + who);
                line.append(String.format(Locale.ROOT, " %5.1f %6.1f %6.1f %5.2f |", a.totalKib, a.clientKib,
                        a.jdkKib, a.ownKib));
            }
            System.out.println(line);
        }
        System.out.println();
        System.out.println("Means of " + repeats + " interleaved runs of " + seconds + " s per row. x: engine / baseline"
                + " (ops/s: higher is better; CPU-ms per op: lower is better). KiB/op: heap allocated per operation by"
                + " the whole process, AWS SDK included (process counter). Second table: one more run per row under JFR"
                + " allocation sampling, each sample charged to the first frame outside the JDK on its stack: SDK ="
                + " AWS SDK, CRT, Apache HTTP client; own = the engine (or the bare loop) and the libraries only it"
                + " uses; JDK = no such frame (virtual-thread scheduling, JIT, GC).");
    }

    /** The server's keys (the null server takes any; client-efficiency.sh sets MinIO's). */
    private static final String ACCESS_KEY = System.getenv().getOrDefault("CE_ACCESS_KEY", "bench");
    private static final String SECRET_KEY = System.getenv().getOrDefault("CE_SECRET_KEY", "bench-secret");

    /** The engine's clients, each measured against the bare loop: the lean client (the default), sync, crt. */
    private static final List<String> CLIENTS = List.of("http", "sync", "crt");

    /** Whether to run {@code who} (bare, http, sync, crt): all of them unless CE_ONLY names one, for profiling. */
    private static boolean runs(String who) {
        String only = System.getenv("CE_ONLY");
        return only == null || only.isEmpty() || only.equals(who);
    }

    interface Row {
        Figures run() throws Exception;
    }

    /**
     * Runs {@code row} under JFR's TLAB allocation events; steady-state heap KiB per operation by owner. Each new
     * TLAB charges its size to the allocation that needed it, each allocation outside a TLAB its own size, so the
     * split is proportional to bytes allocated. Only the row's steady state counts (from 1 s after its start to
     * 0.25 s before its end): one-time setup — the payload block, histograms, worker buffers — is not per operation.
     */
    private static Allocation allocation(Row row) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("alloc", ".jfr");
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording()) {
            recording.enable("jdk.ObjectAllocationInNewTLAB").withStackTrace();
            recording.enable("jdk.ObjectAllocationOutsideTLAB").withStackTrace();
            recording.setToDisk(true);
            recording.start();
            java.time.Instant start = java.time.Instant.now();
            Figures figures = row.run();
            java.time.Instant end = java.time.Instant.now();
            recording.stop();
            recording.dump(file);
            java.time.Instant from = start.plusSeconds(1);
            java.time.Instant to = end.minusMillis(250);
            double ops = figures.opsPerSecond * java.time.Duration.between(from, to).toNanos() / 1e9;
            double[] bytes = new double[3];
            for (jdk.jfr.consumer.RecordedEvent event : jdk.jfr.consumer.RecordingFile.readAllEvents(file)) {
                if (event.getStartTime().isBefore(from) || event.getStartTime().isAfter(to)) {
                    continue;
                }
                long size = event.getEventType().getName().equals("jdk.ObjectAllocationInNewTLAB")
                        ? event.getLong("tlabSize") : event.getLong("allocationSize");
                bytes[owner(event.getStackTrace())] += size;
            }
            double total = bytes[0] + bytes[1] + bytes[2];
            return new Allocation(total / 1024 / ops, bytes[0] / 1024 / ops, bytes[1] / 1024 / ops,
                    bytes[2] / 1024 / ops);
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    /** 0: the SDK or its HTTP client; 1: the JDK alone; 2: our own code (engine or bare loop). */
    private static int owner(jdk.jfr.consumer.RecordedStackTrace stack) {
        if (stack == null) {
            return 1;
        }
        for (jdk.jfr.consumer.RecordedFrame frame : stack.getFrames()) {
            if (!frame.isJavaFrame()) {
                continue;
            }
            String type = frame.getMethod().getType().getName();
            if (type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.")
                    || type.startsWith("com.sun.") || type.startsWith("javax.")) {
                continue;
            }
            return type.startsWith("software.amazon.") || type.startsWith("org.apache.") ? 0 : 2;
        }
        return 1;
    }

    /** One engine run of a single cell; its figures. */
    private static Figures engine(String url, String op, String size, int c, int seconds, String client)
            throws Exception {
        String stage = op.equals("put")
                ? "{name: m, kind: put, sizes: [" + size + "], objects: 64, duration: " + seconds + "s}"
                : "{name: m, kind: get, sizes: [" + size + "], objects: 16, duration: " + seconds + "s}";
        String yaml = "endpoints: {n: {url: \"" + url + "\", credentials: {accessKey: " + ACCESS_KEY
                + ", secretKey: " + SECRET_KEY + "}}}\n"
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
            if (op.equals("get")) { // the null server makes any key up; a real one needs it written first
                byte[] content = new byte[(int) size];
                s3.putObject(r -> r.bucket("bench").key(key), RequestBody.fromBytes(content));
            }
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
