package io.s3workload.history;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a Jepsen etcd test's log (the lines {@code INFO jepsen.util - 3 :invoke :cas [1 2]} as Porcupine's
 * test_data/jepsen keeps them) into a history in s3workload's JSON lines, so that the checker is tried on histories
 * no one here wrote, whose verdicts Porcupine's tests give. Lines of another shape are left out, as Porcupine does.
 */
final class JepsenEtcdLog {

    private static final Pattern LINE = Pattern.compile(
            "^INFO\\s+jepsen\\.util\\s+-\\s+(\\d+)\\s+:(invoke|ok|fail|info)\\s+:(read|write|cas)\\s+(.*?)\\s*$");
    private static final Pattern PAIR = Pattern.compile("\\[(\\d+)\\s+(\\d+)]");

    private JepsenEtcdLog() {
    }

    static String toJsonLines(String log) {
        StringBuilder out = new StringBuilder();
        for (String line : log.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String value = m.group(4);
            out.append("{\"process\": ").append(m.group(1)).append(", \"type\": \"").append(m.group(2))
                    .append("\", \"f\": \"").append(m.group(3)).append('"');
            Matcher pair = PAIR.matcher(value);
            if (pair.matches()) {
                out.append(", \"value\": [").append(pair.group(1)).append(", ").append(pair.group(2)).append(']');
            } else if (value.matches("\\d+")) {
                out.append(", \"value\": ").append(value);
            } else if (value.equals("nil")) {
                out.append(", \"value\": null");
            } // :timed-out: no value
            out.append("}\n");
        }
        return out.toString();
    }
}
