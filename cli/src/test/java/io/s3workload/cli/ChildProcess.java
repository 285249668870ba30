package io.s3workload.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A process a test starts, its output (stdout and stderr together) read on a thread of its own as it comes, so
 * that the test never blocks on the pipe: every wait — for a line, for the end — has a bound, after which the
 * process is killed and the test fails with what it printed.
 */
final class ChildProcess implements AutoCloseable {

    /** How long a test waits for what it made happen in a child before it calls it broken. */
    static final Duration LIMIT = Duration.ofMinutes(8);

    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    private ChildProcess(Process process) {
        this.process = process;
        this.reader = Thread.ofPlatform().daemon().name("child-output").start(this::read);
    }

    /** Starts {@code builder} (its error stream merged into its output). */
    static ChildProcess start(ProcessBuilder builder) throws IOException {
        return new ChildProcess(builder.redirectErrorStream(true).start());
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the process was killed: what it printed so far is kept
        } finally {
            synchronized (lines) {
                lines.notifyAll();
            }
        }
    }

    /** Waits until {@code condition} holds, at most {@link #LIMIT}; whether it did. */
    static boolean until(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long giveUp = System.nanoTime() + LIMIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - giveUp > 0) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    long pid() {
        return process.pid();
    }

    /** What it printed so far, a line each. */
    String output() {
        synchronized (lines) {
            return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
        }
    }

    /**
     * Waits until the process has printed {@code count} lines that {@code line} matches (it printed them, or it
     * ended without); true if it did.
     */
    boolean awaitLines(Predicate<String> line, int count) throws InterruptedException {
        long giveUp = System.nanoTime() + LIMIT.toNanos();
        synchronized (lines) {
            while (lines.stream().filter(line).count() < count) {
                long left = giveUp - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(lines, Math.min(left, TimeUnit.MILLISECONDS.toNanos(200)));
            }
            return true;
        }
    }

    /** Waits for the process to end, at most {@link #LIMIT}; its exit code, or an error naming what it printed. */
    int exitCode() throws InterruptedException {
        if (!process.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError("the process did not end within " + LIMIT.toMinutes() + " min; it printed:\n"
                    + output());
        }
        reader.join(TimeUnit.SECONDS.toMillis(30)); // the rest of its output, up to its end
        return process.exitValue();
    }

    /** Kills it at once (SIGKILL) and waits for it. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }

    /**
     * The command that starts {@code command} with SIGINT as a terminal would deliver it. A suite started in the
     * background ({@code nohup src/test.sh &}) runs with SIGINT ignored, and a child inherits that: Ctrl-C sent to it
     * would do nothing, and the JVM installs no handler for a signal ignored at its start. Here SIGINT is given back
     * its default before the command starts (Python's {@code signal}, then {@code exec}: the pid stays the same).
     */
    static List<String> withSigintDelivered(List<String> command) {
        if (!sigintIgnored()) {
            return command;
        }
        if (!Files.isExecutable(Path.of("/usr/bin/python3"))) {
            throw new AssertionError("this test process ignores SIGINT (started in the background: the SigIgn mask"
                    + " of /proc/self/status), so its children would too, and no python3 is at hand to restore it:"
                    + " run the suite in the foreground");
        }
        List<String> restored = new ArrayList<>(List.of("/usr/bin/python3", "-c", "import os, signal, sys;"
                + " signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])"));
        restored.addAll(command);
        return restored;
    }

    /** Whether this process ignores SIGINT (bit 1 of the SigIgn mask in /proc/self/status). */
    static boolean sigintIgnored() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & 0x2) != 0;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/status to see whether SIGINT is ignored", e);
        }
    }
}
