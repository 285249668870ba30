package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.ground.DataSize;
import io.s3workload.server.EmbeddedS3;
import io.s3workload.server.nul.NullS3Server;
import io.s3workload.server.nul.NullS3Settings;
import java.net.BindException;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code s3workload server}: a standalone S3 endpoint on 127.0.0.1 for demos, benchmarks and tests. */
@Command(name = "server", header = "Run an S3 server on 127.0.0.1: S3Proxy, or the null backend.", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Run an S3 server on 127.0.0.1 until Ctrl-C, and print its endpoint and credentials, for example"
                + " to benchmark a client in another process:", "",
            "  s3workload server --backend fs --port 9000",
            "  s3workload server --backend null --port 9000",
            "  s3workload run my.yaml --endpoint http://127.0.0.1:9000", "",
            "(the null backend is an iperf for S3 clients; give the run the printed keys in its workload)", ""})
final class ServerCommand implements Callable<Integer> {

    @Option(names = "--backend", paramLabel = "memory|fs|null", defaultValue = "memory",
            description = "memory: S3Proxy, objects on the heap (at most 4 GiB at once); fs: S3Proxy, objects in a"
                    + " temporary directory (or --dir), removed at exit; null: stores nothing, answers GETs with a byte"
                    + " pattern of the size the key names (a segment like 1MiB in the key, else --object-size), so it"
                    + " measures the client and the loopback alone (default: ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "fs backend: keep objects in DIR (kept at exit) instead of a temporary directory.")
    Path dir;

    @Option(names = "--object-size", paramLabel = "SIZE", defaultValue = "1MiB",
            description = "null backend: the size of objects whose key names none (default: ${DEFAULT-VALUE}).")
    String objectSize;

    @Option(names = "--list-keys", paramLabel = "N", defaultValue = "0",
            description = "null backend: how many synthetic keys a listing returns (default: ${DEFAULT-VALUE}).")
    int listKeys;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
            description = "Port on 127.0.0.1; 0 (the default) picks a free one.")
    int port;

    @Option(names = "--access-key", paramLabel = "KEY", defaultValue = "s3workload",
            description = "Access key clients must use (default: ${DEFAULT-VALUE}).")
    String accessKey;

    @Option(names = "--secret-key", paramLabel = "KEY", defaultValue = "s3workload-secret",
            description = "Secret key clients must use (default: ${DEFAULT-VALUE}).")
    String secretKey;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try {
            return serve();
        } catch (Exception e) {
            if (!portInUse(e)) {
                throw e;
            }
            System.err.println("error: port " + port + " on 127.0.0.1 is in use (another server, or an earlier one"
                    + " still running); choose another with --port, or --port 0 for a free one");
            return ExitCodes.ENDPOINT;
        }
    }

    private static boolean portInUse(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof BindException || String.valueOf(c.getMessage()).contains("Failed to bind")) {
                return true;
            }
        }
        return false;
    }

    private Integer serve() throws Exception {
        AutoCloseable server;
        URI endpoint;
        if (backend.equals("null")) {
            long size = DataSize.parse(objectSize).orElseThrow(() -> new CommandLine.ParameterException(
                    spec.commandLine(), "--object-size: expected a size like 1MiB, got '" + objectSize + "'")).bytes();
            NullS3Server nullServer = NullS3Server.start(port, new NullS3Settings(size, listKeys));
            server = nullServer;
            endpoint = nullServer.endpoint();
        } else {
            EmbeddedS3 s3proxy = dir != null
                    ? EmbeddedS3.startInDirectory(dir, port, accessKey, secretKey)
                    : EmbeddedS3.start(new RunCommand.BackendConverter().convert(backend), port, accessKey, secretKey);
            server = s3proxy;
            endpoint = s3proxy.endpoint();
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception e) {
                // exiting anyway
            }
            stopped.countDown();
        }));
        System.out.println("s3workload server (" + backend + ") at " + endpoint);
        System.out.println("  access key " + accessKey + ", secret key " + secretKey + ", any region; path-style");
        System.out.println("Ctrl-C stops it.");
        System.out.flush();
        stopped.await();
        return ExitCodes.OK;
    }
}
