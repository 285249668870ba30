package io.s3workload.workload;

/** URLs as s3workload prints them: never with user info or a query, either of which can hold a credential. */
public final class Urls {

    private Urls() {
    }

    /** {@code scheme://host[:port]/path} of {@code url}; a presigned URL's signature and key id stay out. */
    public static String printable(String url) {
        try {
            java.net.URI u = java.net.URI.create(url);
            return u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort())
                    + (u.getRawPath() == null ? "" : u.getRawPath());
        } catch (IllegalArgumentException e) {
            int cut = url.indexOf('?');
            return cut < 0 ? url : url.substring(0, cut);
        }
    }
}
