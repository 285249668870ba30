package io.s3workload.testing;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The fault front as a process of its own, for end-to-end checks that put faults between s3workload and a real
 * server from outside the JVM under test ({@code src/e2e/faults.sh}): an {@link HttpFront} on 127.0.0.1 with
 * {@link Faults} on a fixed schedule.
 *
 * <pre>
 * java -cp engine/target/test-classes io.s3workload.testing.FaultFront UPSTREAM_URL PORT_FILE COUNTS_FILE STALL RULE...
 *   RULE = METHOD,TARGET_REGEX,FAULT,EVERY,FROM[,MOST]   e.g.  PUT,/bench/.*,SLOW_DOWN,10,5
 * </pre>
 *
 * It writes its port to PORT_FILE once listening, and on every request that matched a rule rewrites COUNTS_FILE:
 * one line per rule, {@code <index> <method> <fault> <matched> <injected>}. With {@code FAULT_IDS_FILE} set it
 * appends {@code <method> <target> <x-amz-request-id>} of the server's answer to every request it put a fault on
 * there (a capturing front). It runs until killed.
 */
public final class FaultFront {

    private FaultFront() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: FaultFront UPSTREAM_URL PORT_FILE COUNTS_FILE STALL"
                    + " METHOD,TARGET_REGEX,FAULT,EVERY,FROM[,MOST]...");
            System.exit(2);
        }
        URI upstream = URI.create(args[0]);
        Path portFile = Path.of(args[1]);
        Path countsFile = Path.of(args[2]);
        Duration stall = io.s3workload.ground.Durations.parse(args[3]).orElseThrow(
                () -> new IllegalArgumentException("not a duration: " + args[3]));
        List<Faults.Rule> rules = new ArrayList<>();
        for (int i = 4; i < args.length; i++) {
            String[] f = args[i].split(",");
            rules.add(Faults.Rule.every(f[0], f[1], Long.parseLong(f[3]), Long.parseLong(f[4]),
                    f.length > 5 ? Long.parseLong(f[5]) : 0, Faults.Fault.valueOf(f[2])));
        }
        Faults faults = new Faults(1, stall, rules.toArray(Faults.Rule[]::new));
        // FAULT_IDS_FILE: a capturing front, noting the server's request id of every request it put a fault on
        String ids = System.getenv("FAULT_IDS_FILE");
        Path idsFile = ids == null || ids.isBlank() ? null : Path.of(ids);
        HttpFront.Interceptor counting = new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                HttpFront.Response response = faults.before(request);
                writeCounts(faults, countsFile);
                return response;
            }

            @Override
            public int sendTimes(HttpFront.Request request) {
                return faults.sendTimes(request);
            }

            @Override
            public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstreamResponse) {
                if (idsFile != null && faults.injectedNow()) {
                    recordId(idsFile, request, upstreamResponse);
                }
                return faults.after(request, upstreamResponse);
            }
        };
        writeCounts(faults, countsFile);
        HttpFront front = HttpFront.start(upstream, counting);
        Path temporary = portFile.resolveSibling(portFile.getFileName() + ".tmp");
        Files.writeString(temporary, Integer.toString(front.endpoint().getPort()));
        Files.move(temporary, portFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        Thread.currentThread().join();
    }

    /** Appends {@code METHOD TARGET x-amz-request-id} of a request a fault was put on. */
    private static synchronized void recordId(Path file, HttpFront.Request request, HttpFront.Response upstream) {
        try {
            Files.writeString(file, request.method() + " " + request.target() + " "
                    + upstream.header("x-amz-request-id").orElse("-") + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("fault front: cannot write " + file + ": " + e.getMessage());
        }
    }

    private static synchronized void writeCounts(Faults faults, Path file) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < faults.rules().size(); i++) {
            Faults.Rule rule = faults.rules().get(i);
            text.append(i).append(' ').append(rule.method()).append(' ').append(rule.fault()).append(' ')
                    .append(faults.matched(i)).append(' ').append(faults.injectedBy(i)).append('\n');
        }
        try {
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            System.err.println("fault front: cannot write " + file + ": " + e.getMessage());
        }
    }
}
