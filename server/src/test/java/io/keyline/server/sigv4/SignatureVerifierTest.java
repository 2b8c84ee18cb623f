package io.keyline.server.sigv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.error.ApiException;
import io.keyline.time.ManualClock;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * SigV4 verification against AWS's published example (IAM User Guide, "Create a signed AWS API
 * request": ListUsers of 2015-08-30, and the signing-key example of 2012-02-15), then the clock
 * window and the payload rules (docs/RULES.md#AUTH-SIGV4-CANONICAL, #AUTH-SIGV4-ORDER).
 */
class SignatureVerifierTest {
    static final String SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
    static final String AUTHORIZATION = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, "
            + "SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7";

    static SignedRequest request(Map<String, String> headers, String query, ByteBuf body, boolean tls) {
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.putAll(headers);
        return new SignedRequest("GET", "/", query, h::get, name -> h.containsKey(name) ? List.of(h.get(name)) : List.of(), body, tls);
    }

    static Map<String, String> iamHeaders() {
        return Map.of("Host", "iam.amazonaws.com", "Content-Type", "application/x-www-form-urlencoded; charset=utf-8",
                "X-Amz-Date", "20150830T123600Z", "Authorization", AUTHORIZATION);
    }

    static SignatureVerifier at(String instant) {
        return new SignatureVerifier(new ManualClock(Instant.parse(instant)));
    }

    @Test void awsPublishedExampleVerifies() {
        SignedRequest r = request(iamHeaders(), "Action=ListUsers&Version=2010-05-08", Unpooled.EMPTY_BUFFER, false);
        SignatureVerifier v = at("2015-08-30T12:40:00Z");
        SignatureFields fields = v.checkFormAndTime(r, "iam");
        assertThat(CanonicalRequest.of(r, fields.signedHeaders(), SignatureVerifier.sha256Hex(new java.nio.ByteBuffer[0]), false))
                .isEqualTo("GET\n/\nAction=ListUsers&Version=2010-05-08\n"
                        + "content-type:application/x-www-form-urlencoded; charset=utf-8\nhost:iam.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
                        + "content-type;host;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(v.matches(fields, r, SECRET)).isTrue();
        assertThat(v.matches(fields, r, SECRET + "x")).isFalse();
        // the query reordered is the same canonical query
        assertThat(v.matches(fields, request(iamHeaders(), "Version=2010-05-08&Action=ListUsers", Unpooled.EMPTY_BUFFER, false), SECRET)).isTrue();
        assertThat(v.matches(fields, request(iamHeaders(), "Action=ListRoles&Version=2010-05-08", Unpooled.EMPTY_BUFFER, false), SECRET)).isFalse();
    }

    @Test void signingKeyOfAwsExample() {
        CredentialScope scope = new CredentialScope("AKIDEXAMPLE", "20120215", "us-east-1", "iam", "aws4_request");
        assertThat(HexFormat.of().formatHex(SignatureVerifier.signingKey(SECRET, scope)))
                .isEqualTo("f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d");
    }

    @Test void fifteenMinutesEitherWay() {
        SignedRequest r = request(iamHeaders(), "Action=ListUsers&Version=2010-05-08", Unpooled.EMPTY_BUFFER, false);
        at("2015-08-30T12:51:00Z").checkFormAndTime(r, "iam");
        at("2015-08-30T12:21:00Z").checkFormAndTime(r, "iam");
        assertThatThrownBy(() -> at("2015-08-30T12:51:01Z").checkFormAndTime(r, "iam")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.name()).isEqualTo("InvalidSignatureException");
            assertThat(e.getMessage()).isEqualTo("Signature expired: 20150830T123600Z is now earlier than 20150830T123601Z "
                    + "(20150830T125101Z - 15 min.)");
        });
        assertThatThrownBy(() -> at("2015-08-30T12:20:59Z").checkFormAndTime(r, "iam")).hasMessage(
                "Signature not yet current: 20150830T123600Z is still later than 20150830T123559Z (20150830T122059Z + 15 min.)");
        // the time is told before the scope is checked: a wrong service names the time first
        assertThatThrownBy(() -> at("2016-01-01T00:00:00Z").checkFormAndTime(r, "dynamodb")).hasMessageStartingWith("Signature expired");
        assertThatThrownBy(() -> at("2015-08-30T12:40:00Z").checkFormAndTime(r, "dynamodb"))
                .hasMessage("Credential should be scoped to correct service: 'dynamodb'.");
    }

    @Test void thePayloadHashMustBeTheBodysAndUnsignedOnlyOverTls() {
        ByteBuf body = Unpooled.copiedBuffer("{}", StandardCharsets.UTF_8);
        String hash = SignatureVerifier.sha256Hex(new java.nio.ByteBuffer[] {java.nio.ByteBuffer.wrap("{}".getBytes(StandardCharsets.UTF_8))});
        SignatureVerifier v = at("2015-08-30T12:40:00Z");
        for (String declared : new String[] {null, hash, hash.toUpperCase(Locale.ROOT), SignatureVerifier.UNSIGNED_PAYLOAD}) {
            for (boolean tls : new boolean[] {false, true}) {
                Map<String, String> h = new TreeMap<>(iamHeaders());
                if (declared != null) h.put("x-amz-content-sha256", declared);
                SignedRequest unsignedReq = request(h, null, body, tls);
                SignatureFields f = v.checkFormAndTime(unsignedReq, "iam");
                String payload = declared == null ? hash : declared;
                String sig = HexFormat.of().formatHex(SignatureVerifier.hmac(SignatureVerifier.signingKey(SECRET, f.scope()),
                        SignatureVerifier.stringToSign(f, CanonicalRequest.of(unsignedReq, f.signedHeaders(), payload, false))));
                SignatureFields signed = new SignatureFields(f.algorithm(), f.scope(), f.signedHeaders(), sig, f.requestTime(), false);
                boolean expected = !SignatureVerifier.UNSIGNED_PAYLOAD.equals(declared) || tls;
                assertThat(v.matches(signed, unsignedReq, SECRET)).as(declared + " tls " + tls).isEqualTo(expected);
            }
        }
        Map<String, String> h = new TreeMap<>(iamHeaders());
        h.put("x-amz-content-sha256", "0".repeat(64));
        SignedRequest lying = request(h, null, body, true);
        assertThat(v.matches(v.checkFormAndTime(lying, "iam"), lying, SECRET)).isFalse();
    }

    @Test void presignedExpiresIsHonoured() {
        String query = "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20150830%2Fus-east-1%2Fiam%2Faws4_request"
                + "&X-Amz-Date=20150830T123600Z&X-Amz-Expires=60&X-Amz-SignedHeaders=host&X-Amz-Signature=00";
        SignedRequest r = request(Map.of("Host", "iam.amazonaws.com"), query, Unpooled.EMPTY_BUFFER, false);
        at("2015-08-30T12:37:00Z").checkFormAndTime(r, "iam");
        assertThatThrownBy(() -> at("2015-08-30T12:37:01Z").checkFormAndTime(r, "iam")).hasMessageStartingWith("Signature expired");
        SignedRequest week = request(Map.of("Host", "x"), query.replace("X-Amz-Expires=60", "X-Amz-Expires=604801"), Unpooled.EMPTY_BUFFER, false);
        assertThatThrownBy(() -> at("2015-08-30T12:37:00Z").checkFormAndTime(week, "iam")).hasMessageContaining("X-Amz-Expires");
        assertThat(CanonicalRequest.query(query, true)).doesNotContain("X-Amz-Signature").startsWith("X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F");
        assertThat(Duration.ofMinutes(15)).isEqualTo(SignatureVerifier.SKEW);
    }

    @Test void canonicalFormsOfPathQueryAndHeaders() {
        assertThat(CanonicalRequest.uri("")).isEqualTo("/");
        assertThat(CanonicalRequest.uri("/a b/%2F")).isEqualTo("/a%20b/%252F");
        assertThat(CanonicalRequest.query("b=2&a=1&a=0&c", false)).isEqualTo("a=0&a=1&b=2&c=");
        assertThat(CanonicalRequest.query("k=a%20b+c~", false)).isEqualTo("k=a%20b%2Bc~");
        assertThat(CanonicalRequest.headerValue(List.of("  a   b  ", "c"))).isEqualTo("a b,c");
        assertThat(CanonicalRequest.percentDecode("%C3%A9%zz%")).isEqualTo("é%zz%");
    }
}
