package io.s3workload.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line chart as inline SVG, for the HTML report: no script, no network, one element per series so that
 * a test can find them. X and Y are linear unless {@link #logX()} is set.
 */
final class SvgChart {

    private static final int WIDTH = 440;
    private static final int HEIGHT = 240;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 28;
    private static final int BOTTOM = 40;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"};

    /** One line: a name for the legend and its points. */
    record Series(String name, double[] x, double[] y) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private boolean logX;

    SvgChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    SvgChart add(String name, double[] x, double[] y) {
        series.add(new Series(name, x, y));
        return this;
    }

    /** X on a log scale (for percentile plots, where x is 1/(1-p)). */
    SvgChart logX() {
        this.logX = true;
        return this;
    }

    String render(String cssClass) {
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = 0;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                minX = Math.min(minX, tx(s.x()[i]));
                maxX = Math.max(maxX, tx(s.x()[i]));
                maxY = Math.max(maxY, s.y()[i]);
            }
        }
        if (minX == Double.MAX_VALUE) {
            minX = 0;
            maxX = 1;
        }
        if (maxX - minX < 1e-9) {
            maxX = minX + 1;
        }
        maxY = niceCeiling(maxY);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg class=\"%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                + "role=\"img\" aria-label=\"%s\">", cssClass, WIDTH, HEIGHT, WIDTH, HEIGHT, escape(title)));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"title\">%s</text>", LEFT,
                escape(title)));
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;
        for (int i = 0; i <= 4; i++) {
            double v = maxY * i / 4;
            double y = TOP + plotH - plotH * i / 4.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>",
                    LEFT, LEFT + plotW, y, y));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s"
                    + "</text>", LEFT - 6, y + 4, number(v)));
        }
        for (int i = 0; i <= 4; i++) {
            double t = minX + (maxX - minX) * i / 4;
            double x = LEFT + plotW * i / 4.0;
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">"
                    + "%s</text>", x, TOP + plotH + 16, logX ? percentileLabel(Math.pow(10, t)) : number(t)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%s"
                + "</text>", LEFT + plotW / 2, HEIGHT - 6, escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" class=\"axis\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %d)\">%s</text>", TOP + plotH / 2, TOP + plotH / 2, escape(yLabel)));
        for (int s = 0; s < series.size(); s++) {
            Series line = series.get(s);
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < line.x().length; i++) {
                double x = LEFT + plotW * (tx(line.x()[i]) - minX) / (maxX - minX);
                double y = TOP + plotH - (maxY == 0 ? 0 : plotH * line.y()[i] / maxY);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            String colour = COLOURS[s % COLOURS.length];
            svg.append(String.format(Locale.ROOT, "<polyline class=\"series\" data-series=\"%s\" fill=\"none\" "
                    + "stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>", escape(line.name()), colour,
                    points.toString().trim()));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>", LEFT + plotW - 90, TOP + 4 + 16 * s,
                    colour, LEFT + plotW - 74, TOP + 13 + 16 * s, escape(line.name())));
        }
        return svg.append("</svg>").toString();
    }

    private double tx(double x) {
        return logX ? Math.log10(Math.max(1, x)) : x;
    }

    private static String percentileLabel(double inverse) {
        double p = 100 * (1 - 1 / inverse);
        return p < 99 ? String.format(Locale.ROOT, "p%.0f", p) : String.format(Locale.ROOT, "p%.2f", p)
                .replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static double niceCeiling(double v) {
        if (v <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (v <= step * magnitude) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String number(double v) {
        return v >= 100 || v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
