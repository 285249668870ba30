package io.s3workload.run.keys;

import io.s3workload.ground.SizeSpec;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.s3.ObjectStore;
import io.s3workload.workload.objects.ObjectsFrom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The objects already under a prefix of the bucket ({@code from: {prefix}}), listed once before a stage reads them:
 * their keys and sizes, in listing order. The run reads them and nothing else: it never writes, deletes or verifies
 * them (their content is not its own).
 */
public final class ExistingObjects {

    /** Keys listed at most: more would take the client's memory (about 100 bytes a key) for little more realism. */
    public static final int MOST_KEYS = 10_000_000;

    private final ObjectsFrom.Prefix prefix;
    private final String[] keys;
    private final long[] sizes;
    private final boolean truncated;
    private final long skipped;

    private ExistingObjects(ObjectsFrom.Prefix prefix, String[] keys, long[] sizes, boolean truncated, long skipped) {
        this.prefix = prefix;
        this.keys = keys;
        this.sizes = sizes;
        this.truncated = truncated;
        this.skipped = skipped;
    }

    /**
     * Lists {@code prefix} ({@link #MOST_KEYS} keys at most) through {@code requests} (riding out transient
     * failures), keeping the objects of at least {@code smallest} bytes.
     */
    public static ExistingObjects list(ObjectStore store, ObjectsFrom.Prefix prefix, OwnRequests requests, long smallest) {
        List<String> keys = new ArrayList<>();
        long[] sizes = new long[1024];
        String token = null;
        boolean truncated = false;
        long skipped = 0;
        do {
            String from = token;
            ObjectStore.ListPage page = requests.call("ListObjectsV2", () -> store.bucketWide().listPage(prefix.prefix(), from, 1000));
            for (int i = 0; i < page.keys().size(); i++) {
                long size = page.sizes().get(i);
                if (size < smallest || page.keys().get(i).endsWith("/") && size == 0) {
                    skipped++; // a "folder" marker, or too small to read from
                    continue;
                }
                if (keys.size() == MOST_KEYS) {
                    truncated = true;
                    break;
                }
                if (keys.size() == sizes.length) {
                    sizes = Arrays.copyOf(sizes, sizes.length * 2);
                }
                sizes[keys.size()] = size;
                keys.add(page.keys().get(i));
            }
            token = page.nextToken();
        } while (token != null && !truncated);
        return new ExistingObjects(prefix, keys.toArray(String[]::new), Arrays.copyOf(sizes, keys.size()), truncated,
                skipped);
    }

    public ObjectsFrom.Prefix prefix() {
        return prefix;
    }

    public int count() {
        return keys.length;
    }

    public String key(long index) {
        return keys[(int) index];
    }

    public long size(long index) {
        return sizes[(int) index];
    }

    /** Objects listed but left out: folder markers, and objects smaller than the stage can read. */
    public long skipped() {
        return skipped;
    }

    /** Whether there were more than {@link #MOST_KEYS} under the prefix, and only the first were kept. */
    public boolean truncated() {
        return truncated;
    }

    public long totalBytes() {
        long total = 0;
        for (long s : sizes) {
            total += s;
        }
        return total;
    }

    /** Their sizes, each with how many objects have it: a cell's size spec, for its label and size buckets. */
    public SizeSpec sizes() {
        TreeMap<Long, Double> counts = new TreeMap<>();
        for (long s : sizes) {
            counts.merge(s, 1.0, Double::sum);
        }
        return SizeSpec.Weighted.listed(prefix.prefix(), counts.keySet().stream().mapToLong(Long::longValue)
                .toArray(), counts.values().stream().mapToDouble(Double::doubleValue).toArray(), keys.length);
    }

    /**
     * The prefixes one level below the nearest parent of {@code prefix} that holds objects ({@code datasets/2023/},
     * {@code datasets/2025/}), from the first page of its listing: what the user may have meant.
     */
    public static List<String> nearby(ObjectStore store, String prefix, OwnRequests requests) {
        String parent = prefix;
        while (true) {
            int cut = parent.endsWith("/") ? parent.lastIndexOf('/', parent.length() - 2) : parent.lastIndexOf('/');
            parent = cut < 0 ? "" : parent.substring(0, cut + 1);
            String under = parent;
            ObjectStore.ListPage page = requests.call("ListObjectsV2", () -> store.bucketWide().listPage(under, null, 1000));
            TreeSet<String> next = new TreeSet<>();
            for (String key : page.keys()) {
                int slash = key.indexOf('/', under.length());
                next.add(slash < 0 ? key : key.substring(0, slash + 1));
            }
            if (!next.isEmpty() || parent.isEmpty()) {
                return List.copyOf(next);
            }
        }
    }
}
