package io.s3workload.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Mends a race inside S3Proxy's stores (both memory and filesystem keep objects as files, S3Proxy 4.1): deleting
 * the last object under a "directory" removes the directory, and a write into it that has just made sure the
 * directory exists then fails to open its temporary file there ({@link NoSuchFileException}), answered as HTTP 500.
 * A mix over a few keys met it about once in 4,000 PUTs. Such a write is tried again (the directory is made anew)
 * as long as it has not read a byte of the request's body; any other failure is the store's answer, unchanged.
 */
final class EmptyDirectoryRaceGuard extends ForwardingBlobStore {

    /** Each attempt loses only to a DELETE that empties the directory in the same instant: a few always do. */
    private static final int ATTEMPTS = 8;

    EmptyDirectoryRaceGuard(BlobStore store) {
        super(store);
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream body) {
        CountingStream counted = new CountingStream(body);
        return retried(() -> super.putBlob(request, counted), () -> counted.read == 0);
    }

    @Override
    public CopyObjectResponse copyBlob(CopyObjectRequest request) {
        return retried(() -> super.copyBlob(request), () -> true);
    }

    @Override
    public CompleteMultipartUploadResponse completeMultipartUpload(MultipartUpload upload,
                                                                   CompleteMultipartUploadRequest request) {
        return retried(() -> super.completeMultipartUpload(upload, request), () -> true);
    }

    private static <T> T retried(Supplier<T> write, BooleanSupplier repeatable) {
        for (int attempt = 1; ; attempt++) {
            try {
                return write.get();
            } catch (RuntimeException e) {
                if (attempt == ATTEMPTS || !(e.getCause() instanceof NoSuchFileException) || !repeatable.getAsBoolean()) {
                    throw e;
                }
            }
        }
    }

    /** Counts what the store read of a request's body: a write that read nothing can be sent to the store again. */
    private static final class CountingStream extends FilterInputStream {
        private long read;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                read++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                read += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            read += skipped;
            return skipped;
        }
    }
}
