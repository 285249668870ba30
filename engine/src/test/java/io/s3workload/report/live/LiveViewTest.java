package io.s3workload.report.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.metrics.CellStats;
import io.s3workload.report.Reporters;
import io.s3workload.report.analyze.WebAnalysis;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.Await;
import io.s3workload.testing.Hold;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The live page's server over a real run: a page connected before the run gets the whole view, then the changes,
 * ending with the run's end and its report; what it shows of each cell is the run's result; the port taken, bad
 * addresses and other paths get clear answers. (The page in a browser: src/e2e/web-view.sh.)
 */
class LiveViewTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aPageConnectedBeforeTheRunSeesItAllAndEndsWithTheReport(@org.junit.jupiter.api.io.TempDir java.nio.file.Path out)
            throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (TestS3 s3 = new TestS3()) {
            s3.createBucket("live");
            List<Reporter> reporters = Reporters.create(List.of("web", "json", "hdr"), new Reporters.Settings(
                    new PrintStream(console, true, StandardCharsets.UTF_8), false, false,
                    new ResultsDirectory(Optional.of(out)), "test", "0.0.0.0", 0, Reporters.DEFAULT_OTLP_URL,
                    "127.0.0.1:0"));
            URI page = ((WebReporter) reporters.get(0)).uri();
            assertTrue(console.toString(StandardCharsets.UTF_8).contains("Live view: " + page), console.toString());
            assertEquals(404, get(page.resolve("/report.html")).statusCode(), "no report before the end");
            assertEquals(404, get(page.resolve("/nothing")).statusCode());
            HttpResponse<String> posted = HTTP.send(HttpRequest.newBuilder(page).POST(HttpRequest.BodyPublishers
                    .noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, posted.statusCode());
            String html = get(page).body();
            assertTrue(html.contains("<body data-mode=\"live\"") && html.contains("new EventSource(\"events\")"));
            assertTrue(!html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "nothing fetched from elsewhere");

            List<JsonNode> updates = new java.util.concurrent.CopyOnWriteArrayList<>();
            var events = HTTP.sendAsync(HttpRequest.newBuilder(page.resolve("/events")).build(),
                    HttpResponse.BodyHandlers.ofLines()).thenAccept(r -> r.body().filter(l -> l.startsWith("data: "))
                    .forEach(l -> updates.add(read(l.substring(6)))));
            Await.until("the page's first update", () -> !updates.isEmpty());
            // the GETs held 100 ms each by a front, 2 at a time: 4 s of them at the least, so that updates come
            // while they run (each second), however slow the machine
            RunResult result;
            try (HttpFront slow = HttpFront.start(s3.endpoint(), Hold.each("GET", Duration.ofMillis(100)))) {
                result = new Engine(s3.plan("""
                        bucket: live
                        stages:
                          - {name: put, kind: put, size: 16KiB, objects: 40, concurrency: 4}
                          - {name: get, kind: get, from: put, operations: 80, concurrency: 2}
                        """, s3.server().accessKey(), s3.server().secretKey(), slow.endpoint().toString()),
                        reporters).run();
            }
            reporters.forEach(Reporter::close);
            events.get(2, java.util.concurrent.TimeUnit.MINUTES); // the server ends the stream after the last update

            assertTrue(updates.get(0).get("stages").isObject(), "the whole view first");
            for (int i = 1; i < updates.size(); i++) {
                assertTrue(updates.get(i).get("version").asLong() >= updates.get(i - 1).get("version").asLong(),
                        "versions only go up");
            }
            assertTrue(updates.stream().anyMatch(u -> u.get("plan").asText().contains("data-stage=\"get\" "
                    + "data-state=\"running\"") && u.get("stages").has("get") && u.get("stages").get("get").asText()
                    .contains("<svg")), "an update while the GETs ran, with their charts");
            // what runs comes first, its last second big at the top of the page
            JsonNode whileGetting = updates.stream().filter(u -> u.get("plan").asText().contains("data-stage=\"get\" "
                    + "data-state=\"running\"") && u.get("header").asText().contains("data-now-cell=\"get|GET|"))
                    .findFirst().orElseThrow(() -> new AssertionError("no update shows the running GETs at the top"));
            assertEquals("get", whileGetting.get("order").get(0).asText(), "the running stage first");
            assertEquals("put", whileGetting.get("order").get(1).asText(), "then the finished one");
            String now = whileGetting.get("header").asText();
            assertTrue(now.contains("<div id=\"now\">") && now.contains("ops/s") && now.contains("MiB/s")
                    && now.contains("ms p99"), now);
            assertTrue(!updates.get(updates.size() - 1).get("header").asText().contains("id=\"now\""),
                    "nothing is 'now' once the run is over");
            assertTrue(updates.stream().filter(u -> u.get("stages").size() < 2).count() >= 1,
                    "updates carry the stages that changed, not all of them");
            JsonNode last = updates.get(updates.size() - 1);
            assertTrue(last.get("finished").asBoolean() && last.get("report").asText().contains("<h1>"),
                    "the last update has the run's end and its report.html");
            assertEquals(List.of("put", "get"), List.of(last.get("order").get(0).asText(),
                    last.get("order").get(1).asText()));
            for (StageResult stage : result.stages()) {
                String shown = updates.stream().filter(u -> u.get("stages").has(stage.stage().name()))
                        .reduce((a, b) -> b).orElseThrow().get("stages").get(stage.stage().name()).asText();
                for (CellStats cell : stage.cells()) {
                    String row = shown.substring(shown.indexOf("data-cell=\"" + LiveCells.id(cell.key()) + "\""));
                    row = row.substring(0, row.indexOf("</tr>"));
                    assertTrue(row.contains("data-k=\"ok\" data-v=\"" + cell.operations() + "\""), row);
                    assertTrue(row.contains("data-k=\"errors\" data-v=\"" + cell.errors() + "\""), row);
                    assertTrue(row.contains("data-k=\"last-ok\" data-v=\"" + cell.timeline()
                            .get(cell.timeline().size() - 1).operations() + "\""), row);
                }
            }
            String all = updates.toString();
            for (String secret : List.of(s3.server().accessKey(), s3.server().secretKey())) {
                assertTrue(!all.contains(secret), "no credential on the page");
            }

            // the same page over the finished run's summary.json: stage, op and endpoint pick cells
            try (WebAnalysis past = WebAnalysis.serve("0", List.of(out))) {
                JsonNode gets = read(get(past.uri().resolve("/slice?op=GET")).body());
                assertEquals(List.of("get"), List.of(gets.get("order").get(0).asText()));
                assertEquals(1, gets.get("order").size(), "only the stage with GETs: " + gets.get("order"));
                CellStats cell = result.stages().get(1).cells().get(0);
                assertTrue(gets.get("stages").get("get").asText().contains("data-cell=\"" + LiveCells.id(cell.key())
                        + "\"><td class=\"t\">GET 16 KiB on "), "the GET cell");
                assertTrue(gets.get("report").asText().contains("<h1>"), "and the slice's report.html");
                HttpResponse<String> skip = get(past.uri().resolve("/slice?skip=1s"));
                assertEquals(400, skip.statusCode());
                assertTrue(skip.body().startsWith("--skip: this run has no ops log"), skip.body());
            }
        }
    }

    @Test
    void aTakenPortOrABadAddressIsSaidPlainly() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Reporters.Settings any = new Reporters.Settings(new PrintStream(console, true, StandardCharsets.UTF_8),
                false, false, new ResultsDirectory(Optional.empty()), "test", "0.0.0.0", 0,
                Reporters.DEFAULT_OTLP_URL, "0");
        WebReporter first = (WebReporter) Reporters.create(List.of("web"), any).get(0);
        try {
            int port = first.uri().getPort();
            UncheckedIOException taken = assertThrows(UncheckedIOException.class, () -> Reporters.create(List.of("web"),
                    new Reporters.Settings(any.console(), false, false, any.results(), "test", "0.0.0.0", 0,
                            Reporters.DEFAULT_OTLP_URL, Integer.toString(port))));
            assertTrue(taken.getMessage().startsWith("--web 127.0.0.1:" + port + ": cannot listen there ("),
                    taken.getMessage());
            assertTrue(taken.getMessage().endsWith("give another, or --web 0 for any free one"), taken.getMessage());
        } finally {
            first.close();
        }
        assertEquals(new LiveServer.Address("127.0.0.1", 9465), LiveServer.Address.parse("9465"));
        assertEquals(new LiveServer.Address("0.0.0.0", 80), LiveServer.Address.parse("0.0.0.0:80"));
        assertEquals(new LiveServer.Address("::1", 8080), LiveServer.Address.parse("[::1]:8080"));
        assertEquals("[::1]:8080", LiveServer.Address.parse("[::1]:8080").toString());
        for (String bad : List.of("web.yaml", "70000", ":80", "host:")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LiveServer.Address.parse(bad));
            assertEquals("--web: expected [HOST:]PORT such as 9465 or 0.0.0.0:9465 (0 for any free port), got '"
                    + bad + "'", e.getMessage());
        }
    }

    private static HttpResponse<String> get(URI uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }
}
