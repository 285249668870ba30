package io.s3workload.s3;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An SSE-C key: 256 random bits made for one run and never written anywhere, so objects written with it can be
 * read back by that run only (and are deleted with it). Its {@code toString} does not show it.
 */
public final class CustomerKey {

    private final String key;
    private final String md5;

    private CustomerKey(byte[] key) {
        this.key = Base64.getEncoder().encodeToString(key);
        try {
            this.md5 = Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(key));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static CustomerKey random() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return new CustomerKey(key);
    }

    /** What a store sending this key adds to its requests: the view every data path takes the same way. */
    public RequestHeaders requestHeaders() {
        return new RequestHeaders(headers(), copySourceHeaders());
    }

    /** The headers of a request for an object encrypted with this key. */
    public Map<String, String> headers() {
        return headers("x-amz-server-side-encryption-customer-");
    }

    /** The headers of a copy whose source is encrypted with this key. */
    public Map<String, String> copySourceHeaders() {
        return headers("x-amz-copy-source-server-side-encryption-customer-");
    }

    private Map<String, String> headers(String prefix) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put(prefix + "algorithm", "AES256");
        h.put(prefix + "key", key);
        h.put(prefix + "key-md5", md5);
        return h;
    }

    @Override
    public String toString() {
        return "SSE-C key (MD5 " + md5 + ")";
    }
}
