package io.s3workload.report.html;

import io.s3workload.result.ResultTimeline;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * A {@link ResultTimeline} as inline SVG: a lane per process, each operation a bar from its invocation to its
 * completion with its label over it (and, as a tooltip, in full with its times); an operation that never completed
 * is drawn to the end, dashed. Colours by outcome: ok blue, failed grey, unknown orange.
 */
final class SvgTimeline {

    private static final int WIDTH = 640;
    private static final int LEFT = 72;
    private static final int RIGHT = 16;
    private static final int TOP = 30;
    private static final int LANE = 34;
    private static final int BAR = 12;
    private static final int BOTTOM = 40;
    /** The width of one character of a label's 11 px text (a generous average). */
    private static final double CHAR_WIDTH = 6.4;

    private SvgTimeline() {
    }

    static String draw(ResultTimeline t) {
        double min = t.bars().stream().mapToDouble(ResultTimeline.Bar::from).min().orElse(0);
        double max = t.bars().stream().mapToDouble(b -> b.to() == null ? b.from() : b.to()).max().orElse(1);
        double pad = Math.max(0.05, (max - min) * 0.08);
        double from = min - pad;
        double end = max + pad * (t.bars().stream().anyMatch(b -> b.to() == null) ? 3 : 1);
        int plotW = WIDTH - LEFT - RIGHT;
        int height = TOP + LANE * t.lanes().size() + BOTTOM;
        DoubleUnaryOperator x = v -> LEFT + plotW * (v - from) / (end - from);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT, "<svg class=\"timeline %s\" viewBox=\"0 0 %d"
                + " %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">", t.kind(), WIDTH, height, WIDTH,
                height, SvgChart.escape(t.title())));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"title\">%s</text>", LEFT,
                SvgChart.escape(t.title())));
        double step = SvgChart.niceStep((end - from) / 5);
        int axisY = TOP + LANE * t.lanes().size();
        for (double v = Math.ceil(from / step) * step; v <= end; v += step) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" class=\"grid\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s</text>", x.applyAsDouble(v),
                    x.applyAsDouble(v), TOP, axisY, x.applyAsDouble(v), axisY + 16, tick(v, step)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%s"
                + "</text>", LEFT + plotW / 2, height - 6, SvgChart.escape(t.xAxis())));
        for (int lane = 0; lane < t.lanes().size(); lane++) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"tick\" text-anchor=\"end\">%s"
                    + "</text>", LEFT - 6, TOP + LANE * lane + LANE - 8, SvgChart.escape(t.lanes().get(lane))));
        }
        for (ResultTimeline.Bar b : t.bars()) {
            double x0 = x.applyAsDouble(b.from());
            double x1 = x.applyAsDouble(b.to() == null ? end : b.to());
            int y = TOP + LANE * b.lane() + LANE - 8 - BAR + 2;
            String colour = switch (b.outcome()) {
                case OK -> "#1f77b4";
                case FAIL -> "#8c959f";
                case UNKNOWN -> "#ff7f0e";
            };
            String tip = b.label() + " (" + b.outcome().name().toLowerCase(Locale.ROOT) + "), "
                    + String.format(Locale.ROOT, "%.3f", b.from()) + " to "
                    + (b.to() == null ? "never completed" : String.format(Locale.ROOT, "%.3f", b.to())) + " "
                    + unit(t.xAxis());
            // the label from the bar's start, or ending at the bar's end where it would run past the chart's edge
            boolean fromEnd = x0 + CHAR_WIDTH * b.label().length() > WIDTH - RIGHT;
            svg.append(String.format(Locale.ROOT, "<g class=\"op %s\"><title>%s</title><rect x=\"%.1f\" y=\"%d\" "
                    + "width=\"%.1f\" height=\"%d\" rx=\"2\" fill=\"%s\"%s/><text x=\"%.1f\" y=\"%d\" "
                    + "class=\"legend\"%s>%s</text></g>", b.outcome().name().toLowerCase(Locale.ROOT),
                    SvgChart.escape(tip), x0, y, Math.max(2, x1 - x0), BAR, colour,
                    b.to() == null ? " fill-opacity=\"0.35\" stroke=\"" + colour + "\" stroke-dasharray=\"4 2\"" : "",
                    fromEnd ? Math.min(x1, WIDTH - RIGHT) : x0, y - 3, fromEnd ? " text-anchor=\"end\"" : "",
                    SvgChart.escape(b.label())));
        }
        return svg.append("</svg>").toString();
    }

    private static String tick(double v, double step) {
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9));
        return String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(v) < step / 1e6 ? 0 : v);
    }

    /** The unit in an axis label's brackets ("time from the stage's start (ms)": ms), or "". */
    private static String unit(String axis) {
        int open = axis.lastIndexOf('(');
        return open < 0 || !axis.endsWith(")") ? "" : axis.substring(open + 1, axis.length() - 1);
    }
}
