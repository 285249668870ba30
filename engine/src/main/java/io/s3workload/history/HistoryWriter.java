package io.s3workload.history;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Writes a history in the JSON lines {@link HistoryReader} reads (docs/consistency.md): each operation's invocation
 * and completion, all in time order (at one instant completions first), times from {@code origin} so that none is
 * negative. An indeterminate operation's completion is an {@code info} line at the history's end: its process (as
 * Jepsen's, and as a history stage's) runs nothing after it.
 */
public final class HistoryWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HistoryWriter() {
    }

    private record Event(long time, int order, Op op, boolean invocation) {
    }

    /** Writes {@code history}'s events to {@code out}, times less {@code origin}. */
    public static void write(History history, long origin, Writer out) throws IOException {
        long end = history.ops().stream().mapToLong(o -> o.indeterminate() ? o.invoked() : o.completed()).max()
                .orElse(origin);
        List<Event> events = new ArrayList<>(2 * history.ops().size());
        for (Op op : history.ops()) {
            events.add(new Event(op.invoked(), 1, op, true));
            events.add(new Event(op.indeterminate() ? end : op.completed(), 0, op, false));
        }
        events.sort(Comparator.comparingLong(Event::time).thenComparingInt(Event::order));
        JsonGenerator json = JSON.getFactory().createGenerator(out);
        json.setRootValueSeparator(null); // a line each, nothing between
        for (Event e : events) {
            event(json, e, origin);
            json.flush();
            out.write('\n');
        }
        json.flush();
    }

    private static void event(JsonGenerator json, Event e, long origin) throws IOException {
        Op op = e.op();
        json.writeStartObject();
        json.writeStringField("process", op.process());
        json.writeStringField("type", e.invocation() ? "invoke" : op.outcome().name().toLowerCase(Locale.ROOT));
        json.writeStringField("f", op.f().label());
        if (op.key() != null && op.f() != Op.Fn.LIST) {
            json.writeStringField("key", op.key());
        }
        switch (op.f()) {
            case WRITE, CREATE -> json.writeStringField("value", op.value());
            case CAS -> {
                json.writeArrayFieldStart("value");
                json.writeString(op.expected());
                json.writeString(op.value());
                json.writeEndArray();
            }
            case READ -> {
                if (!e.invocation()) {
                    json.writeStringField("value", op.value());
                }
            }
            case LIST -> {
                if (!e.invocation()) {
                    json.writeArrayFieldStart("value");
                    for (String key : op.listed()) {
                        json.writeString(key);
                    }
                    json.writeEndArray();
                }
            }
            case DELETE -> {
            }
        }
        json.writeNumberField("time", e.time() - origin);
        json.writeEndObject();
    }
}
