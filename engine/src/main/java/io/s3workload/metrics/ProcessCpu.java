package io.s3workload.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** CPU time used by this whole process (all threads, the JIT and GC included), in nanoseconds. */
public final class ProcessCpu {

    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpu() {
    }

    /** Process CPU nanoseconds so far, or -1 where the JVM cannot tell. */
    public static long nanos() {
        return OS instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }
}
