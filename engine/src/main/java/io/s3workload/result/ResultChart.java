package io.s3workload.result;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A chart a {@link Finding} describes: its title, its axes with their units, and its series (a line, or points
 * marked on their own).
 *
 * @param kind what it shows: its class in the report
 * @param logX whether x is drawn on a log scale (a percentile axis, 1/(1-p))
 */
public record ResultChart(String kind, String title, String xAxis, String yAxis, boolean logX, List<Series> series) {

    /** Fewer samples than this make a distribution not worth drawing. */
    public static final int MIN_SAMPLES = 20;

    public ResultChart {
        series = List.copyOf(series);
    }

    /** A series: its name in the legend, its points, and whether they are marked on their own rather than joined. */
    public record Series(String name, double[] x, double[] y, boolean points) {

        public static Series line(String name, double[] x, double[] y) {
            return new Series(name, x, y, false);
        }

        /**
         * {@code h}'s values by percentile, x as 1/(1-p) (2 at the median, 100 at p99) in ms, ending at its maximum.
         */
        public static Series percentiles(String name, Histogram h) {
            List<double[]> points = new ArrayList<>();
            if (h.getTotalCount() > 0) {
                for (HistogramIterationValue v : h.percentiles(5)) {
                    double p = v.getPercentileLevelIteratedTo() / 100.0;
                    if (p >= 1) {
                        break;
                    }
                    points.add(new double[] {1 / (1 - p), v.getValueIteratedTo() / 1e6});
                }
                points.add(new double[] {Math.max(2, h.getTotalCount()), h.getMaxValue() / 1e6});
            }
            return line(name, points.stream().mapToDouble(p -> p[0]).toArray(),
                    points.stream().mapToDouble(p -> p[1]).toArray());
        }
    }
}
