package io.s3workload.s3;

import java.util.Map;
import java.util.TreeMap;

/**
 * Headers a view of a store adds to the requests it sends: to every request, and to a copy for its source. SSE-C is
 * such a view ({@link CustomerKey#requestHeaders}): a store or data path made {@code withHeaders} sends them without
 * knowing what they are.
 *
 * @param everyRequest added to every request
 * @param copySource   added to a copy besides, for its source
 */
public record RequestHeaders(Map<String, String> everyRequest, Map<String, String> copySource) {

    /** Nothing added. */
    public static final RequestHeaders NONE = new RequestHeaders(Map.of(), Map.of());

    public RequestHeaders {
        everyRequest = Map.copyOf(everyRequest);
        copySource = Map.copyOf(copySource);
    }

    /** {@code headers} with {@link #everyRequest} added (the same map when nothing is added). */
    public Map<String, String> onto(Map<String, String> headers) {
        if (everyRequest.isEmpty()) {
            return headers;
        }
        Map<String, String> all = new TreeMap<>(headers);
        all.putAll(everyRequest);
        return all;
    }
}
