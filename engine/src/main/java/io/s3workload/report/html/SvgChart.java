package io.s3workload.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line chart as inline SVG, for the HTML report: no script, no network, one element per series (or per run of
 * a series between its NaN values, which break the line) so that a test can find them; the legend in rows under the
 * plot, never over the lines. X and Y are linear unless {@link #logX()} is set.
 */
public final class SvgChart {

    private static final int WIDTH = 440;
    private static final int HEIGHT = 240;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 28;
    private static final int BOTTOM = 40;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"};
    /** The legend's swatch and gap, and the width of one character of its 11 px text (a generous average). */
    private static final int LEGEND_SWATCH = 16;
    /** The room between two entries of the legend, and the height of a row of it. */
    private static final int LEGEND_GAP = 14;
    private static final int LEGEND_ROW = 16;
    private static final double LEGEND_CHAR_WIDTH = 6.4;

    /** One line: a name for the legend and its points. */
    record Series(String name, double[] x, double[] y, boolean points) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    /** Spans of x shaded behind the lines, each with what it was (an outage): {from, to} and a title. */
    private final List<double[]> bands = new ArrayList<>();
    private final List<String> bandTitles = new ArrayList<>();
    private boolean logX;

    SvgChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    SvgChart add(String name, double[] x, double[] y) {
        series.add(new Series(name, x, y, false));
        return this;
    }

    /** A series drawn as marked points, not a line: a point of note (a capacity search's answer). */
    SvgChart points(String name, double[] x, double[] y) {
        series.add(new Series(name, x, y, true));
        return this;
    }

    /** Shades x from {@code from} to {@code to} behind the lines (class {@code band}), titled {@code title}. */
    SvgChart band(double from, double to, String title) {
        bands.add(new double[] {from, to});
        bandTitles.add(title);
        return this;
    }

    /** X on a log scale (for percentile plots, where x is 1/(1-p)). */
    SvgChart logX() {
        this.logX = true;
        return this;
    }

    /** The plot's extent: x from {@code minX} to {@code maxX} (after {@link #tx}), y from 0 to {@code maxY}. */
    private record Frame(double minX, double maxX, double maxY, double yStep) {

        static final int PLOT_W = WIDTH - LEFT - RIGHT;
        static final int PLOT_H = HEIGHT - TOP - BOTTOM;

        double x(double tx) {
            return LEFT + PLOT_W * (tx - minX) / (maxX - minX);
        }

        double y(double value) {
            return TOP + PLOT_H - (maxY == 0 ? 0 : PLOT_H * value / maxY);
        }
    }

    String render(String cssClass) {
        Frame frame = frame();
        StringBuilder svg = new StringBuilder();
        List<int[]> legend = legendPlaces();
        int height = HEIGHT + (legend.isEmpty() ? 0 : legend.get(legend.size() - 1)[1] + LEGEND_ROW);
        svg.append(String.format(Locale.ROOT, "<svg class=\"%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                + "role=\"img\" aria-label=\"%s\">", cssClass, WIDTH, height, WIDTH, height, escape(title)));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"title\">%s</text>", LEFT,
                escape(title)));
        axes(svg, frame);
        for (int s = 0; s < series.size(); s++) {
            series(svg, frame, series.get(s), COLOURS[s % COLOURS.length]);
        }
        // the legend under the axis label, in rows as wide as the chart: never over a line
        for (int s = 0; s < series.size(); s++) {
            int x = legend.get(s)[0];
            int y = HEIGHT + legend.get(s)[1];
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>", x, y, COLOURS[s % COLOURS.length],
                    x + LEGEND_SWATCH, y + 9, escape(series.get(s).name())));
        }
        return svg.append("</svg>").toString();
    }

    /** The extent of every drawn point: x from 0 unless on a log scale, y from 0 up to a round step above the most. */
    private Frame frame() {
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = 0;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                if (Double.isNaN(s.y()[i])) {
                    continue;
                }
                minX = Math.min(minX, tx(s.x()[i]));
                maxX = Math.max(maxX, tx(s.x()[i]));
                maxY = Math.max(maxY, s.y()[i]);
            }
        }
        if (minX == Double.MAX_VALUE) {
            minX = 0;
            maxX = 1;
        }
        if (!logX) {
            minX = Math.min(0, minX); // time from the cell's start, threads from none
        }
        if (maxX - minX < 1e-9) {
            maxX = minX + 1;
        }
        double yStep = maxY <= 0 ? 0.25 : niceStep(maxY / 4);
        return new Frame(minX, maxX, maxY <= 0 ? 1 : Math.ceil(maxY / yStep - 1e-9) * yStep, yStep);
    }

    /** The grid and its y ticks, the x ticks, the axes' labels, and the bands. */
    private void axes(StringBuilder svg, Frame f) {
        int plotW = Frame.PLOT_W;
        int plotH = Frame.PLOT_H;
        for (double v = 0; v <= f.maxY() + f.yStep() / 1e6; v += f.yStep()) {
            double y = TOP + plotH - plotH * v / f.maxY();
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>",
                    LEFT, LEFT + plotW, y, y));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s"
                    + "</text>", LEFT - 6, y + 4, number(v, f.yStep())));
        }
        for (double[] tick : xTicks(f.minX(), f.maxX())) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">"
                    + "%s</text>", f.x(tick[0]), TOP + plotH + 16, logX ? percentileLabel(tick[0])
                    : number(tick[0], tick[1])));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%s"
                + "</text>", LEFT + plotW / 2, HEIGHT - 6, escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" class=\"axis\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %d)\">%s</text>", TOP + plotH / 2, TOP + plotH / 2, escape(yLabel)));
        for (int b = 0; b < bands.size(); b++) {
            double from = f.x(Math.max(f.minX(), tx(bands.get(b)[0])));
            double to = f.x(Math.min(f.maxX(), tx(bands.get(b)[1])));
            svg.append(String.format(Locale.ROOT, "<rect class=\"band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
                    + "height=\"%d\" fill=\"#d62728\" fill-opacity=\"0.15\"><title>%s</title></rect>", from, TOP,
                    Math.max(1, to - from), plotH, escape(bandTitles.get(b))));
        }
    }

    /** One series: lines broken where a value is missing (NaN), or its points marked each on its own. */
    private void series(StringBuilder svg, Frame f, Series line, String colour) {
        List<StringBuilder> runs = new ArrayList<>(List.of(new StringBuilder()));
        for (int i = 0; i < line.x().length; i++) {
            if (Double.isNaN(line.y()[i])) {
                if (!runs.get(runs.size() - 1).isEmpty()) {
                    runs.add(new StringBuilder());
                }
                continue;
            }
            runs.get(runs.size() - 1).append(String.format(Locale.ROOT, "%.1f,%.1f ", f.x(tx(line.x()[i])),
                    f.y(line.y()[i])));
        }
        StringBuilder points = runs.get(0);
        if (line.points()) {
            if (points.isEmpty()) {
                return;
            }
            for (String point : points.toString().trim().split(" ")) {
                String[] xy = point.split(",");
                svg.append(String.format(Locale.ROOT, "<circle class=\"point\" data-series=\"%s\" cx=\"%s\" "
                        + "cy=\"%s\" r=\"5\" fill=\"%s\"/>", escape(line.name()), xy[0], xy[1], colour));
            }
            return;
        }
        for (StringBuilder run : runs) {
            if (!run.isEmpty() || runs.size() == 1) {
                svg.append(String.format(Locale.ROOT, "<polyline class=\"series\" data-series=\"%s\" "
                        + "fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>", escape(line.name()),
                        colour, run.toString().trim()));
            }
        }
    }

    /** Where each series' legend entry goes: {x, y below the chart's usual height}, left to right, row by row. */
    private List<int[]> legendPlaces() {
        List<int[]> places = new ArrayList<>();
        int x = LEFT;
        int row = 0;
        for (Series s : series) {
            int width = LEGEND_SWATCH + (int) Math.ceil(LEGEND_CHAR_WIDTH * s.name().length());
            if (x > LEFT && x + width > WIDTH - RIGHT) {
                x = LEFT;
                row += LEGEND_ROW;
            }
            places.add(new int[] {x, row});
            x += width + LEGEND_GAP;
        }
        return places;
    }

    private double tx(double x) {
        return logX ? Math.log10(Math.max(1, x)) : x;
    }

    /**
     * The x ticks, as (position on the axis, step): for a linear axis the round values (1, 2, 2.5 or 5 times a power
     * of ten apart) within it; for the percentile axis the usual percentiles (p0, p50, p90, p99, p99.9, ...).
     */
    private List<double[]> xTicks(double min, double max) {
        List<double[]> ticks = new ArrayList<>();
        if (logX) {
            for (double inverse : new double[] {1, 2, 10, 100, 1e3, 1e4, 1e5, 1e6}) {
                double at = Math.log10(inverse);
                if (at >= min - 1e-9 && at <= max + 1e-9) {
                    ticks.add(new double[] {at, 0});
                }
            }
            return ticks;
        }
        double step = niceStep((max - min) / 4);
        for (double v = Math.ceil(min / step - 1e-9) * step; v <= max + step / 1e6; v += step) {
            ticks.add(new double[] {v, step});
        }
        return ticks;
    }

    /** The percentile a log-scale position stands for: {@code p0}, {@code p50}, {@code p99.9}. */
    private static String percentileLabel(double position) {
        double p = 100 * (1 - 1 / Math.pow(10, position));
        return "p" + (p < 99 ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.4f", p)
                .replaceAll("0+$", "").replaceAll("\\.$", ""));
    }

    /** A round step about {@code raw} or above: 1, 2, 2.5 or 5 times a power of ten. */
    static double niceStep(double raw) {
        if (raw <= 0 || Double.isNaN(raw)) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (raw <= step * magnitude * (1 + 1e-9)) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /** {@code v} with the decimals its axis's {@code step} needs (2.5 steps: one decimal; 0.25: two). */
    private static String number(double v, double step) {
        int decimals = 0;
        while (decimals < 4 && Math.abs(step * Math.pow(10, decimals) - Math.rint(step * Math.pow(10, decimals)))
                > 1e-6) {
            decimals++;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(v) < step / 1e6 ? 0 : v);
    }

    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
