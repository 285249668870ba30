package io.s3workload.cli;

import io.s3workload.server.EmbeddedS3;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code s3workload server}: a standalone S3 endpoint on 127.0.0.1 for demos, benchmarks and tests. */
@Command(name = "server", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Run an S3 server (S3Proxy) on 127.0.0.1 until Ctrl-C, and print its endpoint and",
            "credentials, for example to benchmark a client in another process:",
            "  s3workload server --backend fs --port 9000",
            "  s3workload run my.yaml --endpoint http://127.0.0.1:9000   (with the printed keys in the workload)"})
final class ServerCommand implements Callable<Integer> {

    @Option(names = "--backend", paramLabel = "memory|fs", defaultValue = "memory",
            converter = RunCommand.BackendConverter.class,
            description = "memory (on the heap, at most 4 GiB at once) or fs (a temporary directory, removed at exit).")
    EmbeddedS3.Backend backend;

    @Option(names = "--port", defaultValue = "0", description = "Port on 127.0.0.1; 0 (the default) picks a free one.")
    int port;

    @Option(names = "--access-key", defaultValue = "s3workload", description = "Access key clients must use.")
    String accessKey;

    @Option(names = "--secret-key", defaultValue = "s3workload-secret", description = "Secret key clients must use.")
    String secretKey;

    @Override
    public Integer call() throws InterruptedException {
        EmbeddedS3 server = EmbeddedS3.start(backend, port, accessKey, secretKey);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }));
        System.out.println("s3workload server (" + backend.name().toLowerCase() + ") at " + server.endpoint());
        System.out.println("  access key " + accessKey + ", secret key " + secretKey + ", any region; path-style");
        System.out.println("Ctrl-C stops it.");
        System.out.flush();
        stopped.await();
        return ExitCodes.OK;
    }
}
