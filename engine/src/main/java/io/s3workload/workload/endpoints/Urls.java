package io.s3workload.workload.endpoints;

import java.net.URI;
import java.util.regex.Pattern;

/**
 * URLs as s3workload prints them: never with user info (shown as {@code ***@}) or a query, either of which can hold
 * a credential.
 */
public final class Urls {

    /** {@code scheme://user:password@}: the user info of any URL in a text. */
    private static final Pattern USER_INFO =
            Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\\s]+@");

    private Urls() {
    }

    /** {@code scheme://[***@]host[:port]/path} of {@code url}; a presigned URL's signature and key id stay out. */
    public static String printable(String url) {
        try {
            URI u = URI.create(url);
            if (u.getHost() == null) {
                return masked(url.indexOf('?') < 0 ? url : url.substring(0, url.indexOf('?')));
            }
            return u.getScheme() + "://" + (u.getRawUserInfo() == null ? "" : "***@") + u.getHost()
                    + (u.getPort() < 0 ? "" : ":" + u.getPort()) + (u.getRawPath() == null ? "" : u.getRawPath());
        } catch (IllegalArgumentException e) {
            int cut = url.indexOf('?');
            return masked(cut < 0 ? url : url.substring(0, cut));
        }
    }

    /** {@code text} with the user info of every URL in it masked: for messages that may quote a URL as given. */
    public static String masked(String text) {
        return text == null ? null : USER_INFO.matcher(text).replaceAll("$1***@");
    }
}
