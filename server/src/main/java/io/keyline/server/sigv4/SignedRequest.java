package io.keyline.server.sigv4;

import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.function.Function;

/**
 * The parts of an HTTP request a SigV4 signature covers, as they arrived: method, path and query
 * string undecoded, headers by name (case-insensitive), and the body's bytes as sent (before any
 * Content-Encoding is undone). A view: it copies nothing and must not outlive the request.
 *
 * @param header     a header's value by name, null if absent
 * @param headerAll  every value of a header by name (repeated headers), empty if absent
 * @param tls        whether the request came over TLS (UNSIGNED-PAYLOAD is allowed only then)
 */
public record SignedRequest(String method, String rawPath, String rawQuery, Function<String, String> header,
                            Function<String, List<String>> headerAll, ByteBuf body, boolean tls) {}
