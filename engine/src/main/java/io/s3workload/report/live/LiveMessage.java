package io.s3workload.report.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * One update of the live page, as JSON: the run's header and plan, the stages in plan order, the sections of the
 * stages that changed (all of them in the first update a page gets), and once the run is over its report.html.
 *
 * @param version the view's version this update brings the page to
 * @param stages  rendered sections by stage name: only the changed ones
 * @param report  the final report.html, or null while the run goes on
 */
public record LiveMessage(long version, boolean finished, String header, String plan, List<String> order,
                   Map<String, String> stages, String report) {

    private static final ObjectMapper JSON = new ObjectMapper();

    String json() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
