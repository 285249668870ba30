package io.s3workload.trace.scan;

import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.TraceReader;
import io.s3workload.trace.formats.TraceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.stream.Stream;

/**
 * The operations of one or more trace files (a directory's files, in name order), as one stream in time order: the
 * files are read side by side and their operations merged by time (ties in the order the files were named), so
 * logs delivered in many files (an access log's, CloudTrail's) make one trace. Only one operation a file is held.
 */
public final class Trace implements TraceReader {

    /** One file's reader and the operation it holds next. */
    private record Head(TraceOp op, int file, TraceReader reader) {
    }

    private final List<TraceReader> readers;
    private final List<TraceFormat> formats;
    private final PriorityQueue<Head> heads = new PriorityQueue<>(
            Comparator.comparingLong((Head h) -> h.op().timeMicros()).thenComparingInt(Head::file));

    private Trace(List<TraceReader> readers, List<TraceFormat> formats) throws IOException {
        this.readers = readers;
        this.formats = List.copyOf(formats);
        for (int i = 0; i < readers.size(); i++) {
            TraceOp first = readers.get(i).next();
            if (first != null) {
                heads.add(new Head(first, i, readers.get(i)));
            }
        }
    }

    /**
     * The files {@code paths} name (a directory stands for its files, hidden ones aside, in name order), each with
     * its format: {@code format} if given, else told from the file.
     */
    public static List<Path> files(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> in = Files.list(p)) {
                    in.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                            .sorted().forEach(files::add);
                }
            } else {
                files.add(p);
            }
        }
        return files;
    }

    /** Opens {@code files} (see {@link #files}); a file whose format cannot be told is an {@link IOException}. */
    public static Trace open(List<Path> files, Optional<TraceFormat> format, TraceProblems problems)
            throws IOException {
        List<TraceReader> readers = new ArrayList<>();
        List<TraceFormat> formats = new ArrayList<>();
        try {
            for (Path file : files) {
                TraceFormat f = format.isPresent() ? format.get() : TraceFormat.detect(file).orElseThrow(() ->
                        new IOException(file + ": not a trace s3workload reads (an S3 access log, CloudTrail, MinIO's"
                                + " audit log or an ops log); say which with format: if it is one of them"));
                readers.add(f.open(file, problems));
                formats.add(f);
            }
            return new Trace(readers, formats);
        } catch (IOException | RuntimeException e) {
            for (TraceReader r : readers) {
                r.close();
            }
            throw e;
        }
    }

    /** Each file's format, in the order the files were given. */
    public List<TraceFormat> formats() {
        return formats;
    }

    @Override
    public TraceOp next() throws IOException {
        Head head = heads.poll();
        if (head == null) {
            return null;
        }
        TraceOp following = head.reader().next();
        if (following != null) {
            heads.add(new Head(following, head.file(), head.reader()));
        }
        return head.op();
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (TraceReader r : readers) {
            try {
                r.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
