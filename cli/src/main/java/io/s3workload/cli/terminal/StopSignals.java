package io.s3workload.cli.terminal;

import io.s3workload.run.Engine;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * What Ctrl-C (SIGINT) and SIGTERM do during a run: the first stops the run — every operation in flight is
 * interrupted at once, and the cleanup runs within its timeout; the second skips (or ends) the cleanup, which
 * still writes the manifest of what is left; the third exits at once. The JVM's own handling (run the shutdown
 * hooks, exit) cannot do this: a second signal during shutdown is ignored.
 */
public final class StopSignals implements AutoCloseable {

    private record Installed(Signal signal, SignalHandler previous) {
    }

    private final List<Installed> installed = new ArrayList<>();
    private final AtomicInteger received = new AtomicInteger();

    private StopSignals(Engine engine, PrintStream err, String cleanupLimit) {
        for (String name : List.of("INT", "TERM")) {
            try {
                Signal signal = new Signal(name);
                installed.add(new Installed(signal, Signal.handle(signal, s -> {
                    switch (received.incrementAndGet()) {
                        case 1 -> {
                            err.println("\nSIG" + s.getName() + ": stopping the run; operations in flight are"
                                    + " interrupted, then the cleanup runs (at most " + cleanupLimit + "; "
                                    + "Ctrl-C again to skip it)");
                            engine.cancel();
                        }
                        case 2 -> {
                            err.println("\nSIG" + s.getName() + ": skipping the cleanup; the manifest will name what"
                                    + " is left (again to exit at once)");
                            engine.skipCleanup();
                        }
                        default -> {
                            err.println("\nSIG" + s.getName() + ": exiting now");
                            Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
                        }
                    }
                })));
            } catch (IllegalArgumentException unsupported) {
                // a signal this platform (or -Xrs) does not let us handle: the shutdown hook covers it
            }
        }
    }

    /** Takes over SIGINT and SIGTERM for {@code engine}'s run, until closed. */
    public static StopSignals install(Engine engine, PrintStream err, String cleanupLimit) {
        return new StopSignals(engine, err, cleanupLimit);
    }

    @Override
    public void close() {
        installed.forEach(i -> Signal.handle(i.signal(), i.previous()));
    }
}
