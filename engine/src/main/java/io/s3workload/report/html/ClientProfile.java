package io.s3workload.report.html;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where this process's CPU went, sampled by the JDK's own flight recorder: on JDK 25+ by CPU time
 * ({@code jdk.CPUTimeSample}: a sample every {@value #PERIOD_MILLIS} ms of CPU a thread spends, in Java or in native
 * code such as a socket write), else by wall-clock samples of threads running Java ({@code jdk.ExecutionSample},
 * which misses time in native code). What the recording holds is folded into stacks: a line per distinct stack,
 * its frames root first with the thread's kind as the root, and how many samples it got.
 */
final class ClientProfile {

    static final int PERIOD_MILLIS = 10;
    static final String CPU_TIME = "jdk.CPUTimeSample";
    static final String EXECUTION = "jdk.ExecutionSample";

    private final Recording recording = new Recording();
    private final String event;

    private ClientProfile(String event) {
        this.event = event;
        recording.setName("s3workload-profile");
        recording.setToDisk(true);
        if (event.equals(CPU_TIME)) {
            recording.enable(CPU_TIME).with("throttle", PERIOD_MILLIS + "ms").withStackTrace();
        } else {
            recording.enable(EXECUTION).withPeriod(Duration.ofMillis(PERIOD_MILLIS));
        }
    }

    /** A recording of this process, started. */
    static ClientProfile start() {
        boolean cpuTime = FlightRecorder.getFlightRecorder().getEventTypes().stream().map(EventType::getName)
                .anyMatch(CPU_TIME::equals);
        ClientProfile profile = new ClientProfile(cpuTime ? CPU_TIME : EXECUTION);
        profile.recording.start();
        return profile;
    }

    /** What the samples measure, for the page and the docs. */
    String sampling() {
        return event.equals(CPU_TIME)
                ? "a sample every " + PERIOD_MILLIS + " ms of CPU time per thread (JFR jdk.CPUTimeSample), Java and"
                        + " native frames"
                : "a sample every " + PERIOD_MILLIS + " ms of each thread running Java (JFR jdk.ExecutionSample;"
                        + " time in native code such as socket writes is not seen before JDK 25)";
    }

    /** Stops the recording, keeps it as {@code jfr} (for JDK Mission Control, {@code jfr print}) and folds it. */
    Map<String, Long> stop(Path jfr) throws IOException {
        recording.stop();
        recording.dump(jfr);
        recording.close();
        return fold(jfr, event);
    }

    /** The recording's samples of {@code event}, as folded stacks and their counts. */
    static Map<String, Long> fold(Path jfr, String event) throws IOException {
        Map<String, Long> stacks = new HashMap<>();
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                RecordedStackTrace trace = e.getStackTrace();
                if (!e.getEventType().getName().equals(event) || trace == null || trace.getFrames().isEmpty()) {
                    continue;
                }
                stacks.merge(folded(threadKind(e.getThread(event.equals(CPU_TIME) ? "eventThread" : "sampledThread")),
                        trace.getFrames()), 1L, Long::sum);
            }
        }
        return stacks;
    }

    /** The stack root first ({@code thread;outer;...;inner}), each frame {@code Class.method}. */
    private static String folded(String thread, List<RecordedFrame> frames) {
        StringBuilder b = new StringBuilder(thread);
        for (int i = frames.size() - 1; i >= 0; i--) {
            RecordedFrame f = frames.get(i);
            b.append(';').append(f.getMethod().getType().getName()).append('.').append(f.getMethod().getName());
        }
        return b.toString().replace(' ', '_');
    }

    /** A thread's name with its numbers as {@code N}, so that a pool's threads share a root. */
    static String threadKind(RecordedThread thread) {
        if (thread == null) {
            return "(unknown thread)";
        }
        String name = thread.getJavaName();
        if (name == null || name.isBlank()) {
            return thread.isVirtual() ? "(virtual thread)" : "(unnamed thread)";
        }
        return name.replaceAll("[0-9]+", "N").replace(';', ',');
    }
}
