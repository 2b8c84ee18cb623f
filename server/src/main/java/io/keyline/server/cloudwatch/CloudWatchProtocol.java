package io.keyline.server.cloudwatch;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The three protocols of CloudWatch's service model ({@code protocols: [smithy-rpc-v2-cbor, json,
 * query]}, botocore's cloudwatch/2010-08-01/service-2.json) and how a request says which it uses:
 * <ul>
 * <li>Smithy RPC v2 CBOR: {@code POST /service/GraniteServiceVersion20100801/operation/<Op>} with
 *     {@code smithy-protocol: rpc-v2-cbor}, body and reply {@code application/cbor} (the AWS SDK for
 *     Java v2 and the AWS CLI send this);</li>
 * <li>AWS JSON 1.0: {@code POST /} with {@code X-Amz-Target: GraniteServiceVersion20100801.<Op>},
 *     {@code application/x-amz-json-1.0};</li>
 * <li>query: {@code POST /} with a form body {@code Action=<Op>&Version=2010-08-01}, XML back.</li>
 * </ul>
 * CloudWatch is "AWS query compatible" ({@code awsQueryCompatible} in its model): in CBOR and
 * JSON an error's {@code __type} is its shape and the header {@code x-amzn-query-error} carries
 * the query code and fault ({@code InvalidParameterValue;Sender}), which the SDKs report as the
 * error code. docs/RULES.md#CW-PROTOCOLS, #CW-ERRORS. Stateless.
 */
enum CloudWatchProtocol {
    CBOR("application/cbor"), JSON("application/x-amz-json-1.0"), QUERY("text/xml");

    static final String SERVICE = "GraniteServiceVersion20100801";
    static final String CBOR_PATH_PREFIX = "/service/" + SERVICE + "/operation/";
    static final String TARGET_PREFIX = SERVICE + ".";
    static final String VERSION = "2010-08-01";
    static final String SMITHY_PROTOCOL = "smithy-protocol";
    static final String QUERY_ERROR_HEADER = "x-amzn-query-error";
    /** The shape namespace of CloudWatch's errors in JSON and CBOR. */
    private static final String ERROR_NAMESPACE = "com.amazonaws.cloudwatch#";

    private final String contentType;

    CloudWatchProtocol(String contentType) { this.contentType = contentType; }

    /** The protocol of a POST to {@code path}, or null if it is not a CloudWatch request. */
    static CloudWatchProtocol of(String path, Function<String, String> headers) {
        if (path.startsWith(CBOR_PATH_PREFIX)) return CBOR;
        if (!path.equals("/")) return null;
        String target = headers.apply("X-Amz-Target");
        if (target != null) return target.trim().startsWith(TARGET_PREFIX) ? JSON : null;
        String type = headers.apply("Content-Type");
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded") ? QUERY : null;
    }

    /** A decoded request: the operation's name and its input. */
    record Request(String operation, Map<String, Object> input) {}

    Request decode(String path, Function<String, String> headers, byte[] body) {
        return switch (this) {
            case CBOR -> new Request(path.substring(CBOR_PATH_PREFIX.length()), TreeCodec.read(body, true));
            case JSON -> new Request(headers.apply("X-Amz-Target").trim().substring(TARGET_PREFIX.length()), TreeCodec.read(body, false));
            case QUERY -> {
                Map<String, Object> form = QueryForm.parse(new String(body, StandardCharsets.UTF_8));
                Object action = form.remove("Action");
                form.remove("Version");
                if (!(action instanceof String a) || a.isEmpty()) throw CloudWatchError.missingParameter("Action");
                yield new Request(a, form);
            }
        };
    }

    CloudWatchReply result(String operation, Map<String, Object> output, String requestId) {
        return switch (this) {
            case CBOR -> new CloudWatchReply(200, contentType, Map.of(SMITHY_PROTOCOL, "rpc-v2-cbor"), TreeCodec.write(output, true));
            case JSON -> new CloudWatchReply(200, contentType, Map.of(), TreeCodec.write(output, false));
            case QUERY -> new CloudWatchReply(200, contentType, Map.of(), QueryXml.result(operation, output, requestId));
        };
    }

    CloudWatchReply error(CloudWatchError e, String requestId) {
        if (this == QUERY) return new CloudWatchReply(e.status(), contentType, Map.of(), QueryXml.error(e, requestId));
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("__type", ERROR_NAMESPACE + e.shape());
        body.put("message", e.getMessage());
        String queryError = e.code() + ";" + e.faultType();
        Map<String, String> headers = this == CBOR
                ? Map.of(SMITHY_PROTOCOL, "rpc-v2-cbor", QUERY_ERROR_HEADER, queryError)
                : Map.of(QUERY_ERROR_HEADER, queryError);
        return new CloudWatchReply(e.status(), contentType, headers, TreeCodec.write(body, this == CBOR));
    }
}
