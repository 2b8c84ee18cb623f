package io.keyline.server.sigv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.error.ApiException;
import java.util.Map;
import java.util.TreeMap;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The form of a SigV4 signature, checked in DynamoDB's order with DynamoDB's texts. Sources, per
 * test: dynalite's test/connection.js (tests that pass against DynamoDB: "dynalite test"), the
 * DynamoDB answers dynalite recorded in its index.js comments ("dynalite recording"), ScyllaDB's
 * test/alternator/test_authorization.py (written to pass against DynamoDB).
 */
class SignatureParserTest {
    private static final String GOOD = "AWS4-HMAC-SHA256 Credential=AKID/20130609/eu-west-1/dynamodb/aws4_request, "
            + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=abcd";
    private static final String DATE = "20130609T095204Z";

    private static SignatureFields parse(Map<String, String> headers, String query) {
        Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(headers);
        return SignatureParser.parse(byName::get, query);
    }

    private static SignatureFields header(String authorization) {
        return parse(Map.of("Authorization", authorization, "X-Amz-Date", DATE), null);
    }

    private static void fails(ThrowingCallable call, String type, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.type()).isEqualTo("com.amazon.coral.service#" + type);
            assertThat(e.httpStatus()).isEqualTo(400);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    private static final String MISSING = "Request is missing Authentication Token";

    @Nested
    class WhichForm {
        @Test
        void noHeaderAndNoQueryIsMissingToken() {
            // test_authorization.py::test_no_authorization_header; dynalite test "if no Authorization header".
            fails(() -> parse(Map.of("X-Amz-Date", DATE), null), "MissingAuthenticationTokenException", MISSING);
            fails(() -> parse(Map.of("Authorization", ""), ""), "MissingAuthenticationTokenException", MISSING);
        }

        @Test
        void headerThatDoesNotStartWithAws4DashIsMissingToken() {
            // dynalite test "if incomplete Authorization header" ('AWS4'); dynalite index.js: anything not "AWS4-".
            for (String auth : new String[] {"AWS4", "X", "Bearer token", "AWS3-HTTPS AWSAccessKeyId=a"}) {
                fails(() -> header(auth), "MissingAuthenticationTokenException", MISSING);
            }
            // dynalite test "if incomplete Authorization header and X-Amz-Algorithm query" (a query name that is not it).
            fails(() -> parse(Map.of("Authorization", "X"), "X-Amz-Algorith"), "MissingAuthenticationTokenException", MISSING);
        }

        @Test
        void queryWithoutAlgorithmIsMissingToken() {
            // dynalite test "if all query params except X-Amz-Algorithm".
            fails(() -> parse(Map.of(), "X-Amz-Credential=a&X-Amz-Signature=b&X-Amz-SignedHeaders=c&X-Amz-Date=d"),
                    "MissingAuthenticationTokenException", MISSING);
        }

        @Test
        void headerAndQueryAlgorithmTogetherAreInvalid() {
            // dynalite test "if both Authorization header and X-Amz-Algorithm query": checked before the header's form.
            fails(() -> parse(Map.of("Authorization", "X"), "X-Amz-Algorithm"), "InvalidSignatureException",
                    "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.");
            fails(() -> parse(Map.of("Authorization", GOOD, "X-Amz-Date", DATE), "a=1&X-Amz-Algorithm=AWS4-HMAC-SHA256"),
                    "InvalidSignatureException",
                    "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.");
        }
    }

    @Nested
    class MissingParts {
        @Test
        void everyMissingPartIsNamedInOrder() {
            // dynalite test 'if Authorization header is "AWS4-"'.
            fails(() -> parse(Map.of("Authorization", "AWS4-"), null), "IncompleteSignatureException",
                    "Authorization header requires 'Credential' parameter. "
                            + "Authorization header requires 'Signature' parameter. "
                            + "Authorization header requires 'SignedHeaders' parameter. "
                            + "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. "
                            + "Authorization=AWS4-");
        }

        @Test
        void partsAreSeparatedBySpacesOrCommas() {
            // dynalite tests 'if Authorization header is "AWS4- Signature=b Credential=a"' and its ',' and ', ' variants.
            for (String auth : new String[] {"AWS4- Signature=b Credential=a", "AWS4- Signature=b,Credential=a",
                    "AWS4- Signature=b, Credential=a"}) {
                fails(() -> parse(Map.of("Authorization", auth, "Date", "a"), null), "IncompleteSignatureException",
                        "Authorization header requires 'SignedHeaders' parameter. Authorization=" + auth);
            }
        }

        @Test
        void emptySignatureIsMissingButEmptySignedHeadersFailsLater() {
            // dynalite index.js: "SignedHeaders *is* allowed to be an empty string at this point"; then host is not signed.
            String auth = "AWS4-HMAC-SHA256 Credential=AKID/20130609/eu-west-1/dynamodb/aws4_request, SignedHeaders=, Signature=";
            fails(() -> header(auth), "IncompleteSignatureException", "Authorization header requires 'Signature' parameter. Authorization=" + auth);
            fails(() -> header(auth + "ab"), "InvalidSignatureException", "'Host' must be a 'SignedHeader' in the AWS Authorization.");
        }

        @Test
        void partWithoutEqualSignIsNamedFirst() {
            // dynalite recording: "'Credential' not a valid key=value pair (missing equal-sign) in Authorization header: ...".
            String auth = "AWS4-HMAC-SHA256 Signature=b,    Credential,    SignedHeaders";
            fails(() -> parse(Map.of("Authorization", auth), null), "IncompleteSignatureException",
                    "'Credential' not a valid key=value pair (missing equal-sign) in Authorization header: '" + auth + "'.");
        }

        @Test
        void queryParametersMissingAreNamedInOrder() {
            // dynalite tests "if empty X-Amz-Algorithm query" and "if missing X-Amz-SignedHeaders query".
            fails(() -> parse(Map.of(), "X-Amz-Algorithm"), "IncompleteSignatureException",
                    "AWS query-string parameters must include 'X-Amz-Algorithm'. "
                            + "AWS query-string parameters must include 'X-Amz-Credential'. "
                            + "AWS query-string parameters must include 'X-Amz-Signature'. "
                            + "AWS query-string parameters must include 'X-Amz-SignedHeaders'. "
                            + "AWS query-string parameters must include 'X-Amz-Date'. "
                            + "Re-examine the query-string parameters.");
            fails(() -> parse(Map.of(), "X-Amz-Algorithm=a&X-Amz-Credential=b&X-Amz-Signature=c&X-Amz-Date=d"),
                    "IncompleteSignatureException",
                    "AWS query-string parameters must include 'X-Amz-SignedHeaders'. Re-examine the query-string parameters.");
        }
    }

    @Nested
    class MalformedParts {
        @Test
        void dateNotInBasicFormat() {
            // dynalite recording: "Date must be in ISO-8601 'basic format'. Got '201'. See http://en.wikipedia.org/wiki/ISO_8601".
            fails(() -> parse(Map.of("Authorization", GOOD, "X-Amz-Date", "201"), null), "IncompleteSignatureException",
                    "Date must be in ISO-8601 'basic format'. Got '201'. See http://en.wikipedia.org/wiki/ISO_8601");
            fails(() -> parse(Map.of("Authorization", GOOD, "X-Amz-Date", "20130632T095204Z"), null), "IncompleteSignatureException",
                    "Date must be in ISO-8601 'basic format'. Got '20130632T095204Z'. See http://en.wikipedia.org/wiki/ISO_8601");
        }

        @Test
        void dateHeaderMayBeAnHttpDate() {
            SignatureFields f = parse(Map.of("Authorization", GOOD, "Date", "Sun, 09 Jun 2013 09:52:04 GMT"), null);
            assertThat(f.requestTime()).isEqualTo(DATE);
            assertThat(parse(Map.of("Authorization", GOOD, "Date", DATE), null).requestTime()).isEqualTo(DATE);
        }

        @Test
        void hostMustBeSigned() {
            // dynalite recording: "'Host' must be a 'SignedHeader' in the AWS Authorization." (case-insensitive).
            fails(() -> header(GOOD.replace("content-type;host;", "content-type;")), "InvalidSignatureException",
                    "'Host' must be a 'SignedHeader' in the AWS Authorization.");
            assertThat(header(GOOD.replace(";host;", ";Host;")).signedHeaders()).contains("Host");
        }

        @Test
        void hostIsCheckedBeforeTheAlgorithm() {
            // dynalite recording order: date, host, algorithm, credential.
            fails(() -> header(GOOD.replace("AWS4-HMAC-SHA256", "AWS4-HMAC-SHA25").replace(";host;", ";")),
                    "InvalidSignatureException", "'Host' must be a 'SignedHeader' in the AWS Authorization.");
        }

        @Test
        void onlyHmacSha256() {
            // dynalite recording: "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA25' (only AWS4-HMAC-SHA256 for now). ".
            fails(() -> header(GOOD.replace("AWS4-HMAC-SHA256", "AWS4-HMAC-SHA25")), "IncompleteSignatureException",
                    "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA25' (only AWS4-HMAC-SHA256 for now). ");
        }

        @Test
        void credentialHasFiveParts() {
            // dynalite recording: "Credential must have exactly 5 slash-delimited elements, ... got 'a/b/c/d'".
            fails(() -> header(GOOD.replace("AKID/20130609/eu-west-1/dynamodb/aws4_request", "a/b/c/d")),
                    "IncompleteSignatureException",
                    "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got 'a/b/c/d'");
            // "trailing slashes are ignored" (same recording).
            assertThat(header(GOOD.replace("aws4_request,", "aws4_request//,")).scope().terminator()).isEqualTo("aws4_request");
        }

        @Test
        void everyWrongScopePartIsNamedInOneMessage() {
            // dynalite recording (region 'c' there: DynamoDB takes only its endpoint's region; Keyline any
            // region-shaped name, so an empty one shows the text here).
            fails(() -> header(GOOD.replace("AKID/20130609/eu-west-1/dynamodb/aws4_request", "a/b//d/e")),
                    "InvalidSignatureException",
                    "Credential should be scoped to a valid region, not ''. "
                            + "Credential should be scoped to correct service: 'dynamodb'. "
                            + "Credential should be scoped with a valid terminator: 'aws4_request', not 'e'. "
                            + "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: "
                            + "'b' != '20130609', from '20130609T095204Z'.");
            fails(() -> header(GOOD.replace("/dynamodb/", "/DynamoDB/")), "InvalidSignatureException",
                    "Credential should be scoped to correct service: 'dynamodb'.");
            fails(() -> header(GOOD.replace("eu-west-1", "eu:west")), "InvalidSignatureException",
                    "Credential should be scoped to a valid region, not 'eu:west'.");
        }
    }

    @Nested
    class Identity {
        @Test
        void keyAndRegionComeFromTheCredentialScope() {
            SignatureFields f = header(GOOD);
            assertThat(f.identity()).isEqualTo(new RequestIdentity("AKID", "eu-west-1"));
            assertThat(f.signedHeaders()).containsExactly("content-type", "host", "x-amz-date", "x-amz-target");
            assertThat(f.signature()).isEqualTo("abcd");
            assertThat(f.requestTime()).isEqualTo(DATE);
            assertThat(f.presigned()).isFalse();
        }

        @Test
        void partsMaySitWithoutSpacesAfterCommas() {
            // test_authorization.py::test_authorization_no_whitespace: DynamoDB takes commas alone as separators.
            assertThat(header(GOOD.replace(", ", ",")).identity()).isEqualTo(new RequestIdentity("AKID", "eu-west-1"));
        }

        @Test
        void madeUpRegionsOfLocalSetupsAreAccepted() {
            for (String region : new String[] {"local", "localhost", "fakeRegion", "us-gov-west-1", "ddblocal"}) {
                assertThat(header(GOOD.replace("eu-west-1", region)).identity().region()).isEqualTo(region);
            }
        }

        @Test
        void presignedQueryIsDecoded() {
            SignatureFields f = parse(Map.of(), "X-Amz-Algorithm=AWS4-HMAC-SHA256"
                    + "&X-Amz-Credential=AKID%2F20130609%2Fap-southeast-2%2Fdynamodb%2Faws4_request"
                    + "&X-Amz-Date=" + DATE + "&X-Amz-SignedHeaders=host&X-Amz-Signature=ff");
            assertThat(f.identity()).isEqualTo(new RequestIdentity("AKID", "ap-southeast-2"));
            assertThat(f.presigned()).isTrue();
        }

        @Test
        void headerNamesAreCaseInsensitive() {
            Map<String, String> lower = Map.of("authorization", GOOD, "x-amz-date", DATE);
            assertThat(parse(lower, null).identity().accessKeyId()).isEqualTo("AKID");
        }
    }

    @org.junit.jupiter.api.Test
    void theFastDateCheckAcceptsExactlyWhatTheStrictFormatterAccepts() {
        java.time.format.DateTimeFormatter strict = java.time.format.DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'")
                .withResolverStyle(java.time.format.ResolverStyle.STRICT);
        for (String s : java.util.List.of("20130609T095204Z", "20240229T000000Z", "20230229T000000Z", "20000229T235959Z",
                "19000229T120000Z", "20130631T095204Z", "20130632T095204Z", "20131301T095204Z", "20130001T095204Z",
                "20130609T245204Z", "20130609T096004Z", "20130609T095260Z", "20130609T095204z", "20130609X095204Z",
                "2013060T095204Z", "201306090T95204Z", "20130609T0952041Z", "2013-06-09T09:52:04Z", "")) {
            boolean formatter;
            try {
                java.time.LocalDateTime.parse(s, strict);
                formatter = true;
            } catch (java.time.format.DateTimeParseException e) {
                formatter = false;
            }
            org.assertj.core.api.Assertions.assertThat(SignatureParser.isValidBasic(s)).as(s).isEqualTo(formatter);
        }
    }
}
