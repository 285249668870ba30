package io.s3workload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Metadata names as servers spell them: rclone answers X-Amz-Meta-S3workload-Seed for s3workload-seed. */
@Tag(QuickTier.TAG)
class ObjectInfoTest {

    @Test
    void metadataIsLookedUpIgnoringCase() {
        ObjectStore.ObjectInfo info = new ObjectStore.ObjectInfo(1, "\"e\"", Map.of("S3workload-Seed", "42"));
        assertEquals("42", info.metadata().get("s3workload-seed"));
        assertEquals("42", info.metadata().get("S3WORKLOAD-SEED"));
        assertEquals(Map.of(), new ObjectStore.ObjectInfo(1, "\"e\"", null).metadata());
    }
}
