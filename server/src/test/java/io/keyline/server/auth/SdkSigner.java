package io.keyline.server.auth;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Requests signed by the AWS SDK for Java v2's own SigV4 signer (not Keyline's code), for raw
 * tests: the header form or a presigned query, at any time, so that a test can then forge,
 * age or strip them. Stateless.
 */
final class SdkSigner {
    /** A signed request: the path with its query string, and the headers to send (without Host, which the connection writes). */
    record Signed(String pathAndQuery, Map<String, String> headers, byte[] body) {}

    private SdkSigner() {}

    static Signed sign(URI endpoint, String operation, String json, String accessKey, String secret, String region,
                       Instant at, boolean presigned) {
        return sign(endpoint, "dynamodb", operation, json, accessKey, secret, region, at, presigned);
    }

    static Signed sign(URI endpoint, String service, String operation, String json, String accessKey, String secret, String region,
                       Instant at, boolean presigned) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        SdkHttpFullRequest request = SdkHttpFullRequest.builder()
                .method(SdkHttpMethod.POST).uri(endpoint.resolve("/"))
                .putHeader("X-Amz-Target", "DynamoDB_20120810." + operation)
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .putHeader("Content-Length", Integer.toString(body.length))
                .build();
        AwsV4HttpSigner signer = AwsV4HttpSigner.create();
        SdkHttpRequest signed = signer.sign(r -> {
            r.identity(AwsCredentialsIdentity.create(accessKey, secret))
                    .request(request)
                    .payload(ContentStreamProvider.fromByteArray(body))
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, service)
                    .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                    .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(at, ZoneOffset.UTC));
            if (presigned) {
                r.putProperty(AwsV4HttpSigner.AUTH_LOCATION, AwsV4FamilyHttpSigner.AuthLocation.QUERY_STRING)
                        .putProperty(AwsV4HttpSigner.EXPIRATION_DURATION, Duration.ofMinutes(5));
            }
        }).request();
        Map<String, String> headers = new LinkedHashMap<>();
        signed.headers().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Host")) headers.put(capitalized(name), String.join(",", values));
        });
        StringBuilder query = new StringBuilder();
        signed.rawQueryParameters().forEach((name, values) -> {
            for (String v : values) {
                query.append(query.isEmpty() ? "?" : "&").append(encode(name)).append('=').append(encode(v));
            }
        });
        return new Signed("/" + query, headers, body);
    }

    /** {@code x-amz-date} as {@code X-Amz-Date}, so that tests find and replace headers by one spelling. */
    static String capitalized(String name) {
        StringBuilder out = new StringBuilder(name.length());
        boolean start = true;
        for (char c : name.toCharArray()) {
            out.append(start ? Character.toUpperCase(c) : Character.toLowerCase(c));
            start = c == '-';
        }
        return out.toString();
    }

    /** RFC 3986, as SigV4 encodes query parameters. */
    static String encode(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A").replace("%7E", "~");
    }

    static List<String> headerNames(Signed s) {
        return List.copyOf(s.headers().keySet());
    }
}
