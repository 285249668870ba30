package io.s3workload.s3;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;

/** Request pieces both S3 clients build the same way. */
final class S3Requests {

    private S3Requests() {
    }

    /** {@code bytes=start-end} for {@code length} bytes from {@code start}. */
    static String range(long start, long length) {
        return "bytes=" + start + "-" + (start + length - 1);
    }

    /** Parts numbered from 1 in the order of their ETags. */
    static List<CompletedPart> parts(List<String> partEtags) {
        List<CompletedPart> parts = new ArrayList<>(partEtags.size());
        for (int i = 0; i < partEtags.size(); i++) {
            parts.add(CompletedPart.builder().partNumber(i + 1).eTag(partEtags.get(i)).build());
        }
        return parts;
    }

    /** One page of a ListObjectsV2 answer: keys with their ETags, and the token for the next page if any. */
    static ObjectStore.ListPage page(ListObjectsV2Response response) {
        String next = Boolean.TRUE.equals(response.isTruncated()) ? response.nextContinuationToken() : null;
        return new ObjectStore.ListPage(response.contents().stream().map(S3Object::key).toList(),
                response.contents().stream().map(S3Object::eTag).toList(), next);
    }

    /** A quiet DeleteObjects body: only failures come back. */
    static Delete delete(List<String> keys) {
        return Delete.builder().quiet(true)
                .objects(keys.stream().map(k -> ObjectIdentifier.builder().key(k).build()).toList()).build();
    }

    static DeleteOutcome outcome(List<String> keys, DeleteObjectsResponse response) {
        List<String> failed = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        response.errors().forEach(e -> {
            failed.add(e.key());
            errors.add(e.code() + ": " + e.message());
        });
        return new DeleteOutcome(keys.size() - failed.size(), failed, errors);
    }
}
