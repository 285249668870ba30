package io.s3workload.opslog;

/**
 * A row's field that takes a server's id as it was kept: text, or the bytes of the response head (text null). The
 * request's trace writes its ids into it ({@code RequestTrace.ids}), making no string.
 */
public interface IdField {

    void id(String text, byte[] bytes, int length);
}
