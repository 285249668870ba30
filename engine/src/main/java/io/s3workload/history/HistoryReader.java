package io.s3workload.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.workload.yaml.Suggestions;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a history in JSON lines, one event a line, the fields Jepsen's histories have (docs/consistency.md):
 * {@code {"process": 3, "type": "invoke", "f": "write", "key": "k1", "value": "w17", "time": 1200}} and its
 * completion {@code {"process": 3, "type": "ok", ...}}. {@code type} is invoke, ok, fail or info; a process has one
 * operation in flight; an invocation never completed is indeterminate, as an {@code info} completion is. Without
 * {@code time} on any line, the line numbers order the events. Anything else is a {@link HistoryException} naming
 * the line and what is wrong.
 */
public final class HistoryReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> FIELDS = Set.of("process", "type", "f", "key", "value", "time", "error");

    private final String file;
    private final Model model;
    private final List<Op> ops = new ArrayList<>();
    /** Each process's invocation in flight. */
    private final Map<String, Pending> pending = new HashMap<>();
    private final Set<String> processes = new LinkedHashSet<>();
    private Boolean timed;
    private long lastTime = Long.MIN_VALUE;

    private record Pending(int line, Op.Fn f, String key, JsonNode value, long time) {
    }

    private HistoryReader(String file, Model model) {
        this.file = file;
        this.model = model;
    }

    /** Reads {@code in} (named {@code file} in messages), whose operations {@code model} must know. */
    public static History read(String file, BufferedReader in, Model model) throws IOException, HistoryException {
        HistoryReader reader = new HistoryReader(file, model);
        String text;
        int line = 0;
        while ((text = in.readLine()) != null) {
            line++;
            if (!text.isBlank()) {
                reader.event(line, text);
            }
        }
        return reader.finish(line);
    }

    private void event(int line, String text) throws HistoryException {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw problem(line, e.getLocation() == null ? 1 : e.getLocation().getColumnNr(),
                    "not JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw problem(line, 1, "expected a JSON object, one event a line, got " + abbreviate(text));
        }
        for (var names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw problem(line, "unknown field \"" + name + "\"" + Suggestions.didYouMean(name, FIELDS)
                        + " (expected " + String.join(", ", new TreeSet<>(FIELDS)) + ")");
            }
        }
        String process = text(node, "process", line, true);
        String type = text(node, "type", line, true).toLowerCase(Locale.ROOT);
        Op.Fn f = fn(text(node, "f", line, true), line);
        long time = time(node, line);
        processes.add(process);
        switch (type) {
            case "invoke" -> invoke(line, process, f, node, time);
            case "ok", "fail", "info" -> complete(line, process, f, type, node, time);
            default -> throw problem(line, "unknown type \"" + type + "\"" + Suggestions.didYouMean(type,
                    List.of("invoke", "ok", "fail", "info")) + " (expected invoke, ok, fail or info)");
        }
    }

    private void invoke(int line, String process, Op.Fn f, JsonNode node, long time) throws HistoryException {
        Pending open = pending.get(process);
        if (open != null) {
            throw problem(line, "process " + process + " invokes again while its " + open.f.label() + " from line "
                    + open.line + " has not completed (a process runs one operation at a time)");
        }
        String key = f == Op.Fn.LIST ? null : node.hasNonNull("key") ? node.get("key").asText() : "";
        pending.put(process, new Pending(line, f, key, node.get("value"), time));
    }

    private void complete(int line, String process, Op.Fn f, String type, JsonNode node, long time)
            throws HistoryException {
        Pending open = pending.remove(process);
        if (open == null) {
            throw problem(line, "unmatched completion: process " + process + " has no operation in flight"
                    + " (its \"invoke\" line is missing)");
        }
        if (open.f != f) {
            throw problem(line, "process " + process + " completes a " + f.label() + " but invoked a "
                    + open.f.label() + " at line " + open.line);
        }
        if (time < open.time) {
            throw problem(line, "completes at " + time + ", before its invocation at line " + open.line + " (" + open.time
                    + ")");
        }
        Op.Outcome outcome = switch (type) {
            case "ok" -> Op.Outcome.OK;
            case "fail" -> Op.Outcome.FAIL;
            default -> Op.Outcome.INFO;
        };
        if (outcome == Op.Outcome.FAIL && node.hasNonNull("error")) {
            return; // failed for a reason of its own (409, 403): no effect, nothing observed
        }
        if (outcome != Op.Outcome.OK && (f == Op.Fn.READ || f == Op.Fn.LIST)) {
            return; // a read that failed or was lost observed nothing
        }
        if (outcome == Op.Outcome.FAIL && (f == Op.Fn.WRITE || f == Op.Fn.DELETE)) {
            return; // did not happen
        }
        add(open, process, outcome, outcome == Op.Outcome.OK ? node.get("value") : open.value,
                outcome == Op.Outcome.INFO ? Long.MAX_VALUE : time, line);
    }

    private void add(Pending open, String process, Op.Outcome outcome, JsonNode value, long completed, int line)
            throws HistoryException {
        String written = null;
        String expected = null;
        Set<String> listed = Set.of();
        switch (open.f) {
            case READ -> written = scalar(value);
            case WRITE, CREATE -> {
                written = scalar(value == null || value.isNull() ? open.value : value);
                if (written == null) {
                    throw problem(open.line, "a " + open.f.label() + " needs the value it writes");
                }
            }
            case CAS -> {
                JsonNode pair = open.value;
                if (pair == null || !pair.isArray() || pair.size() != 2 || pair.get(0).isNull()
                        || pair.get(1).isNull()) {
                    throw problem(open.line, "a cas needs \"value\": [expected, new], both not null, got "
                            + (pair == null ? "none" : abbreviate(pair.toString())));
                }
                expected = scalar(pair.get(0));
                written = scalar(pair.get(1));
            }
            case DELETE -> {
            }
            case LIST -> {
                if (value == null || !value.isArray()) {
                    throw problem(line, "a list's completion needs \"value\": the keys listed, as an array");
                }
                listed = new LinkedHashSet<>();
                for (JsonNode k : value) {
                    listed.add(k.asText());
                }
            }
        }
        ops.add(new Op(ops.size(), open.line, process, open.f, open.key, written, expected, outcome, open.time,
                completed, listed));
    }

    private History finish(int lines) {
        for (var entry : pending.entrySet()) {
            Pending open = entry.getValue();
            if (open.f == Op.Fn.WRITE || open.f == Op.Fn.CAS || open.f == Op.Fn.CREATE || open.f == Op.Fn.DELETE) {
                try {
                    add(open, entry.getKey(), Op.Outcome.INFO, open.value, Long.MAX_VALUE, lines);
                } catch (HistoryException e) {
                    throw new IllegalStateException(e); // checked when it was invoked
                }
            }
        }
        return History.of(ops, processes.size(), Boolean.TRUE.equals(timed));
    }

    private Op.Fn fn(String name, int line) throws HistoryException {
        for (Op.Fn f : Op.Fn.values()) {
            if (f.label().equals(name)) {
                if (!model.allows(f)) {
                    throw problem(line, "f \"" + name + "\" is not an operation of the " + model.label()
                            + " model (it has " + model.operations() + ")");
                }
                return f;
            }
        }
        List<String> names = Arrays.stream(Op.Fn.values()).map(Op.Fn::label).toList();
        throw problem(line, "unknown f \"" + name + "\"" + Suggestions.didYouMean(name, names) + " (expected "
                + String.join(", ", names) + ")");
    }

    /** The event's time, or its line when the history has none: every line has one, or none does. */
    private long time(JsonNode node, int line) throws HistoryException {
        JsonNode t = node.get("time");
        boolean has = t != null && !t.isNull();
        if (timed == null) {
            timed = has;
        } else if (timed != has) {
            throw problem(line, timed ? "no \"time\", though the lines before have one"
                    : "a \"time\", though the lines before have none (all lines have one, or none)");
        }
        if (!has) {
            return line;
        }
        if (!t.canConvertToLong() || !t.isIntegralNumber() || t.asLong() < 0) {
            throw problem(line, "\"time\" must be a whole number of nanoseconds, got " + t);
        }
        long time = t.asLong();
        if (time < lastTime) {
            throw problem(line, "\"time\" " + time + " is earlier than the line before's (" + lastTime
                    + "): events must be in time order");
        }
        lastTime = time;
        return time;
    }

    private String text(JsonNode node, String field, int line, boolean required) throws HistoryException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw problem(line, "no \"" + field + "\"");
            }
            return null;
        }
        if (!value.isValueNode()) {
            throw problem(line, "\"" + field + "\" must be a string or a number, got " + abbreviate(value.toString()));
        }
        return value.asText();
    }

    /** A value as the checker compares it: a string's text, anything else its JSON; null for none. */
    private static String scalar(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        return value.isTextual() ? value.textValue() : value.toString();
    }

    private HistoryException problem(int line, String message) {
        return problem(line, 1, message);
    }

    private HistoryException problem(int line, int column, String message) {
        return new HistoryException(file + ":" + line + ":" + column + ": " + message);
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
