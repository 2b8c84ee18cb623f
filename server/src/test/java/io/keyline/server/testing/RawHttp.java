package io.keyline.server.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 connection over a plain socket, for tests that must send what no SDK sends:
 * malformed JSON, missing headers, compressed or chunked bodies, pipelined requests. Requests
 * are written byte for byte as given; responses are read by Content-Length. Keep-alive is the
 * caller's to test: the same socket serves every call until closed. Not thread-safe.
 */
public final class RawHttp implements AutoCloseable {
    /**
     * A SigV4 Authorization header of the right form (Keyline parses it but does not verify the
     * signature yet); it goes with {@link #DUMMY_AMZ_DATE}, the day of its credential scope.
     */
    public static final String DUMMY_AUTHORIZATION = "AWS4-HMAC-SHA256 Credential=keyline/20250101/us-east-1/dynamodb/aws4_request, "
            + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000";
    public static final String DUMMY_AMZ_DATE = "20250101T000000Z";
    private static final int TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String host;

    private RawHttp(Socket socket, String host) throws IOException {
        this.socket = socket;
        this.in = new java.io.BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        this.host = host;
    }

    public static RawHttp connect(URI endpoint) {
        try {
            Socket s = new Socket();
            s.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), TIMEOUT_MILLIS);
            s.setSoTimeout(TIMEOUT_MILLIS);
            s.setTcpNoDelay(true);
            return new RawHttp(s, endpoint.getHost() + ":" + endpoint.getPort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The headers an SDK sends for operation {@code op}: target, content type, X-Amz-Date, Authorization. */
    public static Map<String, String> apiHeaders(String op) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("X-Amz-Target", "DynamoDB_20120810." + op);
        h.put("Content-Type", "application/x-amz-json-1.0");
        h.put("X-Amz-Date", DUMMY_AMZ_DATE);
        h.put("Authorization", DUMMY_AUTHORIZATION);
        return h;
    }

    /** POSTs a JSON body to operation {@code op} with SDK-like headers. */
    public Response call(String op, String json) {
        return send("POST", "/", apiHeaders(op), json.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends one request with a Content-Length body (none when body is null) and reads the reply. */
    public Response send(String method, String path, Map<String, String> headers, byte[] body) {
        write(method, path, headers, body);
        return read();
    }

    /** Writes one request without reading the reply (for pipelining and early replies). */
    public void write(String method, String path, Map<String, String> headers, byte[] body) {
        StringBuilder head = new StringBuilder();
        head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        // A Host among the headers replaces the address connected to (Host-checking tests).
        if (headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Host"))) head.append("Host: ").append(host).append("\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        boolean hasLength = headers.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Content-Length")
                || k.equalsIgnoreCase("Transfer-Encoding"));
        if (!hasLength && body != null) head.append("Content-Length: ").append(body.length).append("\r\n");
        head.append("\r\n");
        writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) writeBytes(body);
    }

    public void writeBytes(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one response: status line, headers, then a Content-Length body. */
    public Response read() {
        try {
            String status = line();
            String[] parts = status.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) throw new IOException("not an HTTP status line: " + status);
            Map<String, String> headers = new LinkedHashMap<>();
            String h;
            while (!(h = line()).isEmpty()) {
                int colon = h.indexOf(':');
                headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
            String length = headers.get("content-length");
            byte[] body = length == null ? new byte[0] : in.readNBytes(Integer.parseInt(length));
            return new Response(Integer.parseInt(parts[1]), headers, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True once the server has closed its side within 2 s: a read sees end of stream (or a reset). */
    public boolean serverClosed() {
        return serverClosedWithin(2_000);
    }

    /**
     * True if the server closes its side within {@code millis}: a read sees end of stream or a
     * reset; false if the wait ends with the connection still open.
     */
    public boolean serverClosedWithin(int millis) {
        try {
            socket.setSoTimeout(millis);
            return in.read() < 0;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        } finally {
            try {
                socket.setSoTimeout(TIMEOUT_MILLIS);
            } catch (IOException ignored) {
                // the socket is gone; serverClosed already answered
            }
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) throw new EOFException("connection closed by server");
            if (c != '\r') b.write(c);
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a test socket: nothing to recover
        }
    }

    /** One HTTP response; header names are lower-cased. */
    public record Response(int status, Map<String, String> headers, byte[] body) {
        public String text() { return new String(body, StandardCharsets.UTF_8); }

        public String header(String name) { return headers.get(name.toLowerCase(Locale.ROOT)); }
    }
}
