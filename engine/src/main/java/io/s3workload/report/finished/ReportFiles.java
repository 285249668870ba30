package io.s3workload.report.finished;

import io.s3workload.report.files.CsvReporter;
import io.s3workload.report.html.HtmlReporter;
import io.s3workload.result.RunReport;
import io.s3workload.workload.yaml.Suggestions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** The file reports {@code s3workload report} can rebuild from a {@link RunReport}, by their {@code --report} name. */
public final class ReportFiles {

    private static final Map<String, Function<RunReport, Map<String, String>>> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put("html", HtmlReporter::files);
        BY_NAME.put("csv", CsvReporter::files);
    }

    private ReportFiles() {
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /**
     * Writes the named reports of {@code report} into {@code directory} and returns the files written; an unknown
     * name is an {@link IllegalArgumentException} saying so.
     */
    public static List<Path> write(RunReport report, List<String> names, Path directory) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (String name : names) {
            Function<RunReport, Map<String, String>> maker = BY_NAME.get(name.trim());
            if (maker == null) {
                throw new IllegalArgumentException("cannot rebuild '" + name.trim() + "'"
                        + Suggestions.didYouMean(name.trim(), BY_NAME.keySet()) + "; expected one or more of "
                        + String.join(", ", BY_NAME.keySet()));
            }
            files.putAll(maker.apply(report));
        }
        Files.createDirectories(directory);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = directory.resolve(file.getKey());
            Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            written.add(path);
        }
        return written;
    }
}
