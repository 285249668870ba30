package io.s3workload.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;

/**
 * An S3 server in this process (S3Proxy) on 127.0.0.1 and a free port, with fresh random credentials: the
 * default target when a workload names no endpoint, and the server tests run against.
 */
public final class EmbeddedS3 implements AutoCloseable {

    /** Where the embedded server keeps objects. */
    public enum Backend {
        /** On the heap (S3Proxy's transient store; capped at 4 GiB held at once). */
        MEMORY,
        /** In a temporary directory, removed on close. */
        FILESYSTEM
    }

    private final S3Proxy proxy;
    private final URI endpoint;
    private final String accessKey;
    private final String secretKey;
    private final Path directory;

    private EmbeddedS3(S3Proxy proxy, String accessKey, String secretKey, Path directory) {
        this.proxy = proxy;
        this.endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.directory = directory;
    }

    public static EmbeddedS3 start(Backend backend) {
        HexFormat hex = HexFormat.of();
        byte[] random = new byte[24];
        ThreadLocalRandom.current().nextBytes(random);
        String accessKey = "s3w" + hex.formatHex(random, 0, 8);
        String secretKey = hex.formatHex(random, 8, 24);
        return start(backend, accessKey, secretKey);
    }

    public static EmbeddedS3 start(Backend backend, String accessKey, String secretKey) {
        return start(backend, 0, accessKey, secretKey);
    }

    /** Starts on {@code port} of 127.0.0.1 (0: a free port). */
    public static EmbeddedS3 start(Backend backend, int port, String accessKey, String secretKey) {
        Path directory = null;
        try {
            if (backend == Backend.FILESYSTEM) {
                directory = Files.createTempDirectory("s3workload-embedded-");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return start(directory, directory, port, accessKey, secretKey);
    }

    /** Starts with the filesystem backend in {@code directory}, which is kept on close. */
    public static EmbeddedS3 startInDirectory(Path directory, int port, String accessKey, String secretKey) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return start(directory, null, port, accessKey, secretKey);
    }

    /** @param directory where objects go (null: on the heap); {@code removeOnClose}: a directory to delete at close */
    private static EmbeddedS3 start(Path directory, Path removeOnClose, int port, String accessKey, String secretKey) {
        try {
            Properties properties = new Properties();
            String provider = "transient";
            if (directory != null) {
                properties.setProperty("jclouds.filesystem.basedir", directory.toString());
                provider = "filesystem";
            }
            S3Proxy proxy = S3Proxy.builder()
                    .blobStore(new EmptyDirectoryRaceGuard(BlobStores.create(provider, properties)))
                    .endpoint(URI.create("http://127.0.0.1:" + port))
                    .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                    .build();
            proxy.start();
            for (int i = 0; i < 500 && !"STARTED".equals(proxy.getState()); i++) {
                Thread.sleep(10);
            }
            if (!"STARTED".equals(proxy.getState())) {
                throw new IllegalStateException("the embedded S3 server did not start: " + proxy.getState());
            }
            return new EmbeddedS3(proxy, accessKey, secretKey, removeOnClose);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the embedded S3 server", e);
        } catch (Exception e) {
            deleteTree(removeOnClose);
            throw new IllegalStateException("cannot start the embedded S3 server: " + e.getMessage(), e);
        }
    }

    public URI endpoint() {
        return endpoint;
    }

    public String accessKey() {
        return accessKey;
    }

    public String secretKey() {
        return secretKey;
    }

    @Override
    public void close() {
        try {
            proxy.stop();
        } catch (Exception e) {
            // stopping a local server at exit: nothing useful to do
        } finally {
            deleteTree(directory);
        }
    }

    private static void deleteTree(Path root) {
        if (root == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
