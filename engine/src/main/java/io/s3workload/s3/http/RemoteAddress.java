package io.s3workload.s3.http;

import java.net.InetAddress;
import java.net.Socket;

/**
 * A connected socket's far end as the ops log names it: {@code ip:port}, an IPv6 address in brackets. One instance
 * per address, however many connections go there: a worker's ops log row repeats the fields that stay the same
 * from one operation to the next, compared as the same object, and a worker takes whichever pooled connection is
 * free.
 */
final class RemoteAddress {

    private RemoteAddress() {
    }

    static String of(Socket socket) {
        InetAddress address = socket.getInetAddress();
        String ip = address == null ? "?" : address.getHostAddress();
        return ((ip.indexOf(':') >= 0 ? "[" + ip + "]" : ip) + ":" + socket.getPort()).intern();
    }
}
