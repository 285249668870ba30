package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;

/**
 * A parsed YAML document and, for every node, where it was written: JSON pointer to the location of the value
 * and, for mapping entries, of the key. Binding through a plain {@code JsonNode} would lose positions.
 */
public final class LocatedTree {

    private final String source;
    private final ObjectNode root;
    private final Map<String, Location> values = new HashMap<>();
    private final Map<String, Location> keys = new HashMap<>();

    LocatedTree(String source, ObjectNode root) {
        this.source = source;
        this.root = root;
    }

    public String source() {
        return source;
    }

    public ObjectNode root() {
        return root;
    }

    void recordValue(String pointer, Location location) {
        values.put(pointer, location);
    }

    void recordKey(String pointer, Location location) {
        keys.put(pointer, location);
    }

    /** Where the value at {@code pointer} was written, or its nearest written ancestor. */
    public Location valueLocation(String pointer) {
        for (String p = pointer; ; p = parent(p)) {
            Location l = values.get(p);
            if (l != null) {
                return l;
            }
            if (p.isEmpty()) {
                return new Location(source, 1, 1);
            }
        }
    }

    /** Where the key of the mapping entry at {@code pointer} was written (the value's place if unknown). */
    public Location keyLocation(String pointer) {
        Location l = keys.get(pointer);
        return l != null ? l : valueLocation(pointer);
    }

    public JsonNode at(String pointer) {
        return root.at(pointer);
    }

    static String parent(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash <= 0 ? "" : pointer.substring(0, slash);
    }

    public static String child(String pointer, String name) {
        return pointer + "/" + name.replace("~", "~0").replace("/", "~1");
    }

    /** {@code /stages/2/sizes/0} as a person reads it: {@code stages[2].sizes[0]}. */
    public static String displayPath(String pointer) {
        StringBuilder out = new StringBuilder();
        for (String part : pointer.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            String name = part.replace("~1", "/").replace("~0", "~");
            if (name.chars().allMatch(Character::isDigit)) {
                out.append('[').append(name).append(']');
            } else {
                out.append(out.isEmpty() ? "" : ".").append(name);
            }
        }
        return out.toString();
    }
}
