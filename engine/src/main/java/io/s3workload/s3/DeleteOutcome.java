package io.s3workload.s3;

import java.util.List;

/** What a batched delete did: how many keys went, and the keys that did not with their errors. */
public record DeleteOutcome(int deleted, List<String> failedKeys, List<String> errors) {
}
