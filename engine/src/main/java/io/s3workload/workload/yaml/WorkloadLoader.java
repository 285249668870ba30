package io.s3workload.workload.yaml;

import io.s3workload.ground.Shard;
import io.s3workload.workload.Workload;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.Proxies;
import io.s3workload.workload.endpoints.Regions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a workload file: YAML with positions, command-line overrides, {@code ${VAR}} substitution, binding and
 * cross-checks. Either a valid {@link Workload} or a {@link WorkloadException} listing every problem.
 */
public final class WorkloadLoader {

    private final Map<String, String> environment;
    private final List<String> sets;
    private final Optional<String> bucket;
    private final Optional<String> endpoint;
    private double scale = 1;
    private boolean endpointsReplaced;
    private Shard shard = Shard.WHOLE;
    private List<String> only = List.of();
    private List<String> skip = List.of();

    /**
     * @param sets     {@code path=value} assignments from {@code --set}
     * @param bucket   {@code --bucket}, replacing the workload's bucket
     * @param endpoint {@code --endpoint URL} (or {@code NAME=URL} when the workload has several endpoints)
     */
    public WorkloadLoader(Map<String, String> environment, List<String> sets, Optional<String> bucket,
                          Optional<String> endpoint) {
        this.environment = Map.copyOf(environment);
        this.sets = List.copyOf(sets);
        this.bucket = bucket;
        this.endpoint = endpoint;
    }

    /**
     * {@code --embedded}: every endpoint will point at the in-process server, so a required endpoint variable left
     * unset ({@code ${VAR:?example}}) takes its example instead of failing (see {@link Substitution}).
     */
    public WorkloadLoader endpointsReplaced(boolean replaced) {
        this.endpointsReplaced = replaced;
        return this;
    }

    /** {@code --scale F}: sizes, counts and durations multiplied by F (see {@link Scaling}). */
    public WorkloadLoader scaled(double factor) {
        this.scale = factor;
        return this;
    }

    /** {@code --shard I/N}: this process's share of the workload (see {@link Workload#shared}). */
    public WorkloadLoader sharded(Shard part) {
        this.shard = part;
        return this;
    }

    /** {@code --only} and {@code --skip}: stage names or tags, comma-separated or repeated. */
    public WorkloadLoader selecting(List<String> onlyStages, List<String> skipStages) {
        this.only = StageSelection.split(onlyStages);
        this.skip = StageSelection.split(skipStages);
        return this;
    }

    public static WorkloadLoader plain() {
        return new WorkloadLoader(System.getenv(), List.of(), Optional.empty(), Optional.empty());
    }

    public Workload load(Path file) throws WorkloadException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new WorkloadException(List.of(new Problem(Location.of(file.toString()), "",
                    "no such file")));
        } catch (CharacterCodingException e) {
            throw new WorkloadException(List.of(notUtf8(file)));
        } catch (IOException e) {
            throw new WorkloadException(List.of(new Problem(Location.of(file.toString()), "",
                    "cannot read: " + e.getMessage())));
        }
        return parse(file.toString(), text);
    }

    /** Where {@code file} stops being UTF-8: the line and column of its first bad byte, and the way out. */
    private static Problem notUtf8(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            return new Problem(Location.of(file.toString()), "", "cannot read: " + e.getMessage());
        }
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        decoder.decode(in, out, true);
        int bad = in.position();
        int line = 1;
        int column = 1;
        out.flip();
        for (int i = 0; i < out.length(); i++) {
            if (out.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new Problem(new Location(file.toString(), line, column), "", String.format(Locale.ROOT,
                "the file is not UTF-8: expected UTF-8 text, found the byte 0x%02X; save it as UTF-8 (e.g. iconv -f"
                + " latin1 -t utf-8 %s > fixed.yaml)", bytes[bad] & 0xff, file.getFileName()));
    }

    public Workload parse(String source, String text) throws WorkloadException {
        LocatedTree tree = YamlTreeReader.read(source, text);
        Binding binding = new Binding(tree, scale);
        binding.addAll(Overrides.apply(tree, sets));
        bucket.ifPresent(b -> Overrides.setScalar(tree, "/bucket", b, Location.of("--bucket")));
        endpoint.ifPresent(e -> binding.addAll(Overrides.endpoint(tree, e)));
        binding.addAll(Substitution.apply(tree, environment, endpointsReplaced));
        EndpointGroups.apply(tree, binding);
        Scaling.apply(tree, scale, binding);
        Optional<Workload> workload = new WorkloadBinder(binding).bind();
        if (!binding.problems().isEmpty() || workload.isEmpty()) {
            throw new WorkloadException(binding.problems());
        }
        List<Problem> selection = new ArrayList<>();
        Workload selected = StageSelection.apply(workload.get().shared(shard), only, skip, selection);
        if (!selection.isEmpty()) {
            throw new WorkloadException(selection);
        }
        Map<String, EndpointSpec> proxied = new LinkedHashMap<>();
        selected.endpoints().forEach((name, e) -> proxied.put(name, Regions.resolve(e,
                environment).withProxy(Proxies.forUrl(e.url(), environment))));
        return selected.withEndpoints(proxied).withScaled(binding.scaled());
    }
}
