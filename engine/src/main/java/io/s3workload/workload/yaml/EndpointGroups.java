package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.s3workload.workload.ConsistencyProbe;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An endpoint written with {@code urls:} (a list, or one comma-separated string such as
 * {@code ${REGIONAL_ENDPOINTS}}) instead of {@code url:} is a group: it becomes one endpoint per URL, named by the
 * URL host's first label ({@code https://iad.storage.dev} is {@code iad}), an address by itself
 * ({@code http://10.0.0.5:9000} is {@code 10.0.0.5}), with the port when that name is taken ({@code iad-9001},
 * {@code 10.0.0.5-9001}), else the group's name and a number; each with the group's other settings. Where a stage lists endpoints
 * ({@code endpoints}, {@code writers}, {@code readers}) the group's name stands for all its members.
 */
final class EndpointGroups {

    private static final List<String> LISTS = List.of("endpoints", "writers", "readers");

    private EndpointGroups() {
    }

    static void apply(LocatedTree tree, Binding binding) {
        if (!(tree.root().get("endpoints") instanceof ObjectNode endpoints)) {
            return;
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        ObjectNode rebuilt = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = endpoints.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String name = entry.getKey();
            if (!(entry.getValue() instanceof ObjectNode spec) || !spec.has("urls")) {
                rebuilt.set(name, entry.getValue());
                continue;
            }
            String pointer = LocatedTree.child("/endpoints", name);
            if (spec.has("url")) {
                binding.keyProblem(LocatedTree.child(pointer, "urls"), "give 'url' (one endpoint) or 'urls' (a group),"
                        + " not both");
                rebuilt.set(name, entry.getValue());
                continue;
            }
            List<String> urls = urls(spec.get("urls"));
            if (urls.isEmpty() && !spec.get("urls").isTextual()) {
                binding.problem(LocatedTree.child(pointer, "urls"), "expected one or more URLs, as a list or"
                        + " comma-separated");
                continue;
            }
            // An empty string (REGIONAL_ENDPOINTS= for a store with one endpoint) is a group of none: the lists
            // that name it lose it, and a list left with no endpoint is reported where it is bound.
            List<String> members = new ArrayList<>();
            Location at = tree.valueLocation(LocatedTree.child(pointer, "urls"));
            List<String> bases = urls.stream().map(EndpointGroups::baseName).toList();
            for (int i = 0; i < urls.size(); i++) {
                String member = memberName(name, i, urls.get(i), Collections.frequency(bases, bases.get(i)) > 1,
                        endpoints, rebuilt, members);
                ObjectNode copy = spec.deepCopy();
                copy.remove("urls");
                copy.set("url", TextNode.valueOf(urls.get(i)));
                rebuilt.set(member, copy);
                String memberPointer = LocatedTree.child("/endpoints", member);
                tree.recordKey(memberPointer, tree.keyLocation(pointer));
                tree.recordValue(memberPointer, tree.valueLocation(pointer));
                tree.recordValue(LocatedTree.child(memberPointer, "url"), at);
                spec.fieldNames().forEachRemaining(key -> tree.recordValue(LocatedTree.child(memberPointer, key),
                        tree.valueLocation(LocatedTree.child(pointer, key))));
                members.add(member);
            }
            groups.put(name, members);
        }
        if (groups.isEmpty()) {
            return;
        }
        tree.root().set("endpoints", rebuilt);
        if (tree.root().get("defaults") instanceof ObjectNode defaults) {
            single(tree, binding, "/defaults/endpoint", defaults.get("endpoint"), groups);
        }
        if (tree.root().get("stages") instanceof ArrayNode stages) {
            expand(tree, binding, stages, "/stages", groups);
        }
    }

    private static List<String> urls(JsonNode node) {
        List<String> urls = new ArrayList<>();
        if (node.isTextual()) {
            for (String url : node.textValue().split(",")) {
                if (!url.isBlank()) {
                    urls.addAll(expandRange(url.strip()));
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(u -> {
                if (u.isTextual() && !u.textValue().isBlank()) {
                    urls.addAll(expandRange(u.textValue().strip()));
                }
            });
        }
        return urls;
    }

    private static final Pattern RANGE = Pattern.compile("\\{(\\d+)\\.\\.\\.(\\d+)}");

    /**
     * warp's host ranges: {@code http://s3-{1...8}:9000} is eight URLs, {@code s3-{01...16}} keeps the width of
     * its first number; several ranges in one URL multiply. A range that counts down, or runs past 1000 URLs, is
     * left as written (and reported as a URL that does not parse).
     */
    static List<String> expandRange(String url) {
        Matcher m = RANGE.matcher(url);
        if (!m.find()) {
            return List.of(url);
        }
        String first = m.group(1);
        long from = Long.parseLong(first);
        long to = Long.parseLong(m.group(2));
        if (to < from || to - from >= 1000) {
            return List.of(url);
        }
        List<String> out = new ArrayList<>();
        for (long n = from; n <= to; n++) {
            String number = first.length() > 1 && first.startsWith("0")
                    ? String.format("%0" + first.length() + "d", n) : Long.toString(n);
            out.addAll(expandRange(url.substring(0, m.start()) + number + url.substring(m.end())));
        }
        return out;
    }

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    /** A member's name before clashes: its host's first label, or its address; empty when neither names it. */
    private static String baseName(String url) {
        String host = null;
        try {
            host = URI.create(url).getHost();
        } catch (IllegalArgumentException e) {
            // named by number; the URL itself is reported when the endpoint is bound
        }
        String base = host == null ? "" : IPV4.matcher(host).matches() ? host : host.split("\\.")[0];
        return Fields.NAME.matcher(base).matches() && !base.equals(ConsistencyProbe.SELF)
                ? base : "";
    }

    /** {@code shared}: other members have the same base name, so each is told apart by its port. */
    private static String memberName(String group, int index, String url, boolean shared, ObjectNode written,
                                     ObjectNode rebuilt, List<String> taken) {
        String base = baseName(url);
        int port = -1;
        try {
            port = URI.create(url).getPort();
        } catch (IllegalArgumentException e) {
            // no port to tell it by
        }
        List<String> candidates = new ArrayList<>();
        if (!base.isEmpty()) {
            if (!shared) {
                candidates.add(base);
            }
            if (port > 0) {
                candidates.add(base + "-" + port);
            }
        }
        candidates.add(group + "-" + (index + 1));
        for (String name : candidates) {
            if (!written.has(name) && !rebuilt.has(name) && !taken.contains(name)) {
                return name;
            }
        }
        return group + "-" + (index + 1);
    }

    /** Replaces a group's name in the stages' endpoint lists by its members, in place. */
    private static void expand(LocatedTree tree, Binding binding, JsonNode node, String pointer,
                               Map<String, List<String>> groups) {
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String child = LocatedTree.child(pointer, e.getKey());
                if (e.getKey().equals("endpoint")) {
                    single(tree, binding, child, e.getValue(), groups);
                } else if (LISTS.contains(e.getKey()) && e.getValue() instanceof ArrayNode list) {
                    expandList(tree, list, child, groups);
                } else {
                    expand(tree, binding, e.getValue(), child, groups);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                expand(tree, binding, array.get(i), pointer + "/" + i, groups);
            }
        }
    }

    private static void expandList(LocatedTree tree, ArrayNode list, String pointer, Map<String, List<String>> groups) {
        List<JsonNode> items = new ArrayList<>();
        List<Location> locations = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode item = list.get(i);
            Location at = tree.valueLocation(pointer + "/" + i);
            List<String> members = item.isTextual() ? groups.get(item.textValue()) : null;
            if (members == null) {
                items.add(item);
                locations.add(at);
            } else {
                members.forEach(m -> {
                    items.add(TextNode.valueOf(m));
                    locations.add(at);
                });
            }
        }
        list.removeAll();
        for (int i = 0; i < items.size(); i++) {
            list.add(items.get(i));
            tree.recordValue(pointer + "/" + i, locations.get(i));
        }
    }

    private static void single(LocatedTree tree, Binding binding, String pointer, JsonNode value,
                               Map<String, List<String>> groups) {
        if (value != null && value.isTextual() && groups.containsKey(value.textValue())) {
            binding.problem(pointer, "'" + value.textValue() + "' is a group of " + groups.get(value.textValue())
                    .size() + " endpoints (" + String.join(", ", groups.get(value.textValue())) + "); name one of"
                    + " them here, or list the group where a stage takes several (endpoints, writers, readers): a"
                    + " load stage spreads its workers over endpoints: [" + value.textValue() + "]");
        }
    }
}
