package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.Op;
import io.s3workload.result.ReporterBus;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class CellSamplerTest {

    /**
     * Closing while writers keep recording must always return: an interrupt that lands inside the recorder's
     * interval flip is swallowed by HdrHistogram, so the sampler must stop on its flag.
     */
    @Test
    void closeReturnsEvenWhenTheInterruptLandsWhileSampling() throws Exception {
        CellRecorder recorder = new CellRecorder(new CellKey("s", Op.GET, "e", SizeSpec.of(DataSize.ofBytes(1))));
        AtomicBoolean writing = new AtomicBoolean(true);
        List<Thread> writers = List.of(Thread.ofPlatform().start(() -> write(recorder, writing)),
                Thread.ofPlatform().start(() -> write(recorder, writing)));
        try (ReporterBus bus = new ReporterBus(List.of())) {
            RunContext context = new RunContext("p/", "", null, null, bus, new AtomicBoolean());
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                for (int i = 0; i < 300; i++) {
                    CellSampler sampler = new CellSampler(context, recorder, System.nanoTime() - 999_000_000L
                            + i * 10_000L, OptionalLong.empty(), OptionalLong.empty());
                    Thread.sleep(0, i * 3_000 % 1_000_000);
                    sampler.close();
                }
            });
        } finally {
            writing.set(false);
            for (Thread writer : writers) {
                writer.join();
            }
        }
    }

    private static void write(CellRecorder recorder, AtomicBoolean writing) {
        while (writing.get()) {
            recorder.success(5_000, 100);
        }
    }
}
