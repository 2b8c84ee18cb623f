package io.keyline.bench.load;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Encodes a whole HTTP/1.1 DynamoDB request (request line, headers, body) once, so the raw client
 * only writes bytes. The Authorization header has SigV4's shape with a dummy signature: servers
 * that check the header's form accept it; none of the local servers verify the signature.
 * Stateless.
 */
public final class RawRequests {
    /** Target prefix of DynamoDB's JSON 1.0 protocol (API reference, "Making HTTP requests"). */
    public static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");
    private static final String DUMMY_SIGNATURE = "0".repeat(64);

    private RawRequests() {}

    /** @param timestamp signing time for X-Amz-Date and the credential scope */
    public static byte[] encode(String host, int port, String operation, byte[] body, ZonedDateTime timestamp) {
        String amzDate = timestamp.withZoneSameInstant(ZoneOffset.UTC).format(AMZ_DATE);
        String head = "POST / HTTP/1.1\r\n"
                + "Host: " + host + ":" + port + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: " + TARGET_PREFIX + operation + "\r\n"
                + "X-Amz-Date: " + amzDate + "\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=bench/" + amzDate.substring(0, 8)
                + "/us-east-1/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature="
                + DUMMY_SIGNATURE + "\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, out, 0, headBytes.length);
        System.arraycopy(body, 0, out, headBytes.length, body.length);
        return out;
    }
}
