package io.s3workload.result;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Hands events to every reporter on one dedicated thread, in order, so the engine never waits for output and
 * reporters never see concurrent calls. A reporter that throws is reported on stderr and the run goes on.
 */
public final class ReporterBus implements AutoCloseable {

    private final List<Reporter> reporters;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "s3workload-reporters");
        t.setDaemon(true);
        return t;
    });

    public ReporterBus(List<Reporter> reporters) {
        this.reporters = List.copyOf(reporters);
    }

    public void post(Consumer<Reporter> event) {
        thread.execute(() -> {
            for (Reporter reporter : reporters) {
                try {
                    event.accept(reporter);
                } catch (RuntimeException e) {
                    System.err.println("reporter " + reporter.getClass().getSimpleName() + " failed: " + e);
                }
            }
        });
    }

    /** Waits until every event posted so far has been delivered. */
    public void flush() {
        try {
            thread.submit(() -> { }).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        post(Reporter::close);
        flush();
        thread.shutdown();
    }
}
