package io.keyline.server.cloudwatch;

import java.util.Map;

/**
 * A CloudWatch reply before it meets HTTP: status, content type, the headers its protocol adds
 * ({@code smithy-protocol}, {@code x-amzn-query-error}) and the body. The server adds what every
 * reply carries (request id, Date, length). Immutable.
 */
public record CloudWatchReply(int status, String contentType, Map<String, String> headers, byte[] body) {
    public CloudWatchReply {
        headers = Map.copyOf(headers);
    }
}
