package io.s3workload.metrics.cost;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;

/** CPU time and heap allocation of this whole process (all threads, the JIT and GC included). */
public final class ProcessCost {

    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private ProcessCost() {
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final MethodHandle TOTAL_ALLOCATED = totalAllocated();

    /**
     * Bytes allocated on the heap by all threads so far (virtual threads count through their carriers), or -1
     * where the JVM cannot tell. Exact on JDK 22+ (the JVM's own total); on 21 the live threads' sum.
     */
    public static long allocatedBytes() {
        if (!(THREADS instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemoryEnabled()) {
            return -1;
        }
        if (TOTAL_ALLOCATED != null) {
            try {
                return (long) TOTAL_ALLOCATED.invoke(sun);
            } catch (Throwable e) {
                return -1;
            }
        }
        long total = 0;
        for (long bytes : sun.getThreadAllocatedBytes(THREADS.getAllThreadIds())) {
            total += Math.max(0, bytes);
        }
        return total;
    }

    private static MethodHandle totalAllocated() {
        try {
            return MethodHandles.publicLookup().findVirtual(com.sun.management.ThreadMXBean.class,
                    "getTotalThreadAllocatedMemoryBytes", MethodType.methodType(long.class));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** Process CPU nanoseconds so far, or -1 where the JVM cannot tell. */
    public static long cpuNanos() {
        return OS instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }

    private static volatile long cpuResolution;

    /**
     * The step of {@link #cpuNanos}'s clock (10 ms on Linux, where the JVM reads the kernel's clock ticks), measured
     * once by watching it advance three times while this thread spins (at most about 100 ms of CPU); 1 ms where it
     * could not be seen advancing.
     */
    public static long cpuResolutionNanos() {
        long known = cpuResolution;
        if (known > 0) {
            return known;
        }
        long step = Long.MAX_VALUE;
        long last = cpuNanos();
        long start = System.nanoTime();
        for (int changes = 0; changes < 3 && last >= 0 && System.nanoTime() - start < 100_000_000L; ) {
            long now = cpuNanos();
            if (now != last) {
                step = Math.min(step, now - last);
                last = now;
                changes++;
            }
        }
        cpuResolution = step == Long.MAX_VALUE ? 1_000_000 : step;
        return cpuResolution;
    }
}
