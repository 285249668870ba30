package io.s3workload.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Folded stacks drawn as a flame graph: one self-contained HTML page (inline SVG, a few lines of plain JavaScript to
 * zoom into a frame on click), each frame a box as wide as its share of the samples, callers below callees; a
 * tooltip gives the frame's samples and share. Under it, the frames that spent the most samples themselves (at the
 * top of a stack), which is where a cost is usually read first.
 */
public final class FlameGraph {

    private static final int WIDTH = 1200;
    private static final int ROW = 17;
    /** Frames narrower than this share of the samples are left out (they could not be read). */
    private static final double MIN_SHARE = 0.0005;
    private static final int TOP_SELF = 25;

    /** A frame in the tree of stacks: its samples, including its callees'. */
    private static final class Node {
        final String name;
        long samples;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }

        Node child(String frame) {
            return children.computeIfAbsent(frame, Node::new);
        }
    }

    private FlameGraph() {
    }

    /** The page for {@code stacks} (folded: frames root first, {@code ;}-separated), titled {@code title}. */
    public static String html(String title, String sampling, Map<String, Long> stacks) {
        Node root = new Node("all");
        Map<String, Long> self = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : stacks.entrySet()) {
            Node node = root;
            root.samples += e.getValue();
            String[] frames = e.getKey().split(";");
            for (String frame : frames) {
                node = node.child(frame);
                node.samples += e.getValue();
            }
            self.merge(frames[frames.length - 1], e.getValue(), Long::sum);
        }
        int depth = depth(root);
        int height = (depth + 1) * ROW + 4;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT, "<svg id=\"flame\" viewBox=\"0 0 %d %d\""
                + " width=\"%d\" height=\"%d\" font-family=\"monospace\" font-size=\"11\">", WIDTH, height, WIDTH,
                height));
        draw(svg, root, 0, WIDTH, height - ROW - 2, root.samples, 0);
        svg.append("</svg>");
        return page(title, sampling, root.samples, svg.toString(), topSelf(self, root.samples));
    }

    private static int depth(Node node) {
        int deepest = 0;
        for (Node c : node.children.values()) {
            deepest = Math.max(deepest, depth(c) + 1);
        }
        return deepest;
    }

    private static void draw(StringBuilder svg, Node node, double x, double width, int y, long total, int level) {
        if (total == 0 || (double) node.samples / total < MIN_SHARE) {
            return;
        }
        String tip = String.format(Locale.ROOT, "%s: %,d samples, %.2f%%", node.name, node.samples,
                100.0 * node.samples / total);
        svg.append(String.format(Locale.ROOT, "<g class=\"f\" data-x=\"%.2f\" data-w=\"%.2f\"><title>%s</title>"
                + "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\" rx=\"1\"/>"
                + "<text x=\"%.2f\" y=\"%d\">%s</text></g>", x, width, SvgChart.escape(tip), x, y,
                Math.max(0.1, width - 0.5), ROW - 1, colour(node.name, level), x + 3, y + ROW - 5,
                SvgChart.escape(label(node.name, width))));
        double childX = x;
        List<Node> children = new ArrayList<>(node.children.values());
        children.sort(Comparator.comparing(c -> c.name)); // alphabetical, as flame graphs are: x is not time
        for (Node c : children) {
            double w = width * c.samples / node.samples;
            draw(svg, c, childX, w, y - ROW, total, level + 1);
            childX += w;
        }
    }

    /** As much of the frame's name as fits its box (the method and its class's simple name first to go). */
    private static String label(String name, double width) {
        int fits = (int) ((width - 6) / 6.6);
        if (fits < 3) {
            return "";
        }
        if (name.length() <= fits) {
            return name;
        }
        int dot = name.lastIndexOf('.', name.lastIndexOf('.') - 1);
        String shorter = dot > 0 ? name.substring(dot + 1) : name;
        return shorter.length() <= fits ? shorter : shorter.substring(0, Math.max(0, fits - 2)) + "..";
    }

    /** Warm colours by where the code comes from: this tool blue, the JDK orange, libraries green, threads grey. */
    private static String colour(String name, int level) {
        int shade = Math.floorMod(name.hashCode(), 40);
        if (level <= 1) {
            return level == 0 ? "#bbbbbb" : "#d0d0d0";
        }
        if (name.startsWith("io.s3workload.")) {
            return String.format(Locale.ROOT, "hsl(210,70%%,%d%%)", 62 + shade / 3);
        }
        if (name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.")) {
            return String.format(Locale.ROOT, "hsl(28,85%%,%d%%)", 60 + shade / 3);
        }
        return String.format(Locale.ROOT, "hsl(110,45%%,%d%%)", 58 + shade / 3);
    }

    private static String topSelf(Map<String, Long> self, long total) {
        StringBuilder rows = new StringBuilder("<table><tr><th>samples</th><th>share</th><th>frame (where the"
                + " samples were taken)</th></tr>");
        self.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(TOP_SELF)
                .forEach(e -> rows.append(String.format(Locale.ROOT, "<tr><td>%,d</td><td>%.1f%%</td><td>%s</td>"
                        + "</tr>", e.getValue(), 100.0 * e.getValue() / Math.max(1, total),
                        SvgChart.escape(e.getKey()))));
        return rows.append("</table>").toString();
    }

    private static String page(String title, String sampling, long samples, String svg, String table) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + SvgChart.escape(title)
                + "</title><style>body{font:13px sans-serif;margin:16px}svg text{pointer-events:none;fill:#111}"
                + "g.f{cursor:pointer}g.f:hover rect{stroke:#333;stroke-width:.6}table{border-collapse:collapse;"
                + "margin-top:12px}td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #eee}"
                + "td:nth-child(-n+2){text-align:right;font-variant-numeric:tabular-nums}</style></head><body>"
                + "<h1 style=\"font-size:18px\">" + SvgChart.escape(title) + "</h1><p>"
                + String.format(Locale.ROOT, "%,d samples: ", samples) + SvgChart.escape(sampling)
                + ". A box is a method, as wide as its share of the samples; what it called is above it. Click a box"
                + " to zoom into it, <a href=\"#\" id=\"reset\">reset</a>.</p>" + svg
                + "<h2 style=\"font-size:15px\">Where the samples were taken (self)</h2>" + table
                + "<script>(function(){var gs=[].slice.call(document.querySelectorAll('g.f'));"
                + "function zoom(x,w){var k=" + WIDTH + "/w;gs.forEach(function(g){var gx=+g.dataset.x,gw=+g.dataset.w,"
                + "r=g.querySelector('rect'),t=g.querySelector('text'),nx=(gx-x)*k,nw=gw*k;"
                + "var on=gx+gw>x+1e-6&&gx<x+w-1e-6;g.style.display=on?'':'none';if(!on)return;"
                + "r.setAttribute('x',nx);r.setAttribute('width',Math.max(.1,nw-.5));t.setAttribute('x',nx+3);"
                + "var n=g.querySelector('title').textContent.replace(/: [0-9,]+ samples.*$/,''),f=Math.floor((nw-6)/6.6);"
                + "t.textContent=f<3?'':(n.length<=f?n:n.slice(0,Math.max(0,f-2))+'..');});}"
                + "gs.forEach(function(g){g.addEventListener('click',function(){zoom(+g.dataset.x,+g.dataset.w);});});"
                + "document.getElementById('reset').addEventListener('click',function(e){e.preventDefault();"
                + "zoom(0," + WIDTH + ");});})();</script></body></html>\n";
    }
}
