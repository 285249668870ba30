package io.s3workload.s3;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** What a batched delete did: how many keys went, and the keys that did not with their errors. */
public record DeleteOutcome(int deleted, List<String> failedKeys, List<String> errors) {

    public static final DeleteOutcome NOTHING = new DeleteOutcome(0, List.of(), List.of());

    /** Deletes each of {@code items} with {@code delete}; a failure is counted under {@code named} and the rest go on. */
    public static <T> DeleteOutcome oneByOne(List<T> items, Consumer<T> delete, Function<T, String> named) {
        List<String> failed = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (T item : items) {
            try {
                delete.accept(item);
            } catch (StoreException e) {
                failed.add(named.apply(item));
                errors.add(e.getMessage());
            }
        }
        return new DeleteOutcome(items.size() - failed.size(), failed, errors);
    }

    /** These outcomes added up. */
    public static DeleteOutcome sum(List<DeleteOutcome> outcomes) {
        int deleted = 0;
        List<String> failed = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (DeleteOutcome outcome : outcomes) {
            deleted += outcome.deleted();
            failed.addAll(outcome.failedKeys());
            errors.addAll(outcome.errors());
        }
        return new DeleteOutcome(deleted, failed, errors);
    }
}
