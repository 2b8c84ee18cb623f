package io.keyline.reliability.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.keyline.reliability.SdkClients;
import io.keyline.reliability.process.KeylineProcess;
import io.keyline.reliability.process.Launcher;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The JSON request codec over HTTP, fuzzed: random bytes, random JSON built from DynamoDB's own
 * field names, and valid requests of every kind mutated (characters changed, ranges cut or
 * repeated, pathological values spliced in: a number with 100,000 zeros, a 70 KB string,
 * thousands of nested brackets), sent with random operation names and content headers to a
 * Keyline server running as a child process. Every request must be answered within 15 s and
 * with a status below 500: bad input is the client's error. The tries come from jqwik's
 * default (junit-platform.properties, or {@code -Djqwik.tries.default=N} for a longer run), and
 * the statuses seen are printed at the end.
 */
class RequestFuzzTest {
    private static final int ANSWER_TIMEOUT_MILLIS = 15_000;
    private static KeylineProcess server;
    private static Path work;
    private static final Map<String, AtomicLong> STATUSES = new ConcurrentHashMap<>();

    @BeforeContainer
    static void start() throws Exception {
        work = Files.createTempDirectory("keyline-fuzz-");
        server = new KeylineProcess(Launcher.thisClasspath("-Xmx512m"), List.of("--in-memory", "--capacity", "account"),
                work.resolve("keyline.log"), SystemClock.INSTANCE);
        server.start(Duration.ofMinutes(2));
        try (DynamoDbClient client = SdkClients.withRetries(server.endpoint())) {
            client.createTable(b -> b.tableName("fuzz").billingMode("PAY_PER_REQUEST")
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("N"))
                    .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE")));
        }
    }

    @AfterContainer
    static void stop() {
        if (server != null) server.close();
        Map<String, Long> seen = new TreeMap<>();
        STATUSES.forEach((k, v) -> seen.put(k, v.get()));
        System.out.println("RequestFuzzTest: " + seen.values().stream().mapToLong(Long::longValue).sum() + " requests, statuses " + seen);
    }

    // ---- the properties ----

    @Property
    void randomBytesGetAClientError(@ForAll("targets") String target, @ForAll("headers") Map<String, String> headers,
                                    @ForAll("bytes") byte[] body) {
        String encoding = headers.getOrDefault("Content-Encoding", "identity");
        if (encoding.equals("identity")) {
            answeredBelow500(target, headers, body);
            return;
        }
        // A body that is not what its Content-Encoding says is DynamoDB's 500 InternalServerError
        // (docs/RULES.md#WIRE-CONTENT-ENCODING): that answer, or a 4xx, and never a hang.
        Reply reply = send(target, headers, body);
        String counted = reply.status() >= 500 ? reply.status() + " (Content-Encoding " + encoding + ", by rule)" : Integer.toString(reply.status());
        STATUSES.computeIfAbsent(counted, s -> new AtomicLong()).incrementAndGet();
        if (reply.status() >= 500) {
            assertThat(reply.status()).isEqualTo(500);
            assertThat(reply.body()).contains("InternalServerError");
        }
    }

    @Property
    void randomJsonGetsAnAnswerBelow500(@ForAll("targets") String target, @ForAll("json") String body) {
        answeredBelow500(target, Map.of(), body.getBytes(StandardCharsets.UTF_8));
    }

    @Property
    void mutatedRequestsGetAnAnswerBelow500(@ForAll("mutated") Mutated request) {
        answeredBelow500(request.target(), Map.of(), request.body().getBytes(StandardCharsets.UTF_8));
    }

    private static void answeredBelow500(String target, Map<String, String> headers, byte[] body) {
        Reply reply = send(target, headers, body);
        STATUSES.computeIfAbsent(Integer.toString(reply.status()), s -> new AtomicLong()).incrementAndGet();
        assertThat(reply.status()).as("%s %s -> %s", target, abbreviate(new String(body, StandardCharsets.UTF_8)), reply.body())
                .isBetween(200, 499);
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "... (" + text.length() + " chars)";
    }

    // ---- generators ----

    private static final List<String> OPERATIONS = List.of("PutItem", "GetItem", "UpdateItem", "DeleteItem", "Query", "Scan",
            "BatchWriteItem", "BatchGetItem", "TransactWriteItems", "TransactGetItems", "CreateTable", "DescribeTable", "ListTables",
            "TagResource", "UntagResource", "ListTagsOfResource", "DescribeTimeToLive", "UpdateTimeToLive", "DescribeLimits",
            "DescribeEndpoints", "UpdateContributorInsights", "Bogus");

    @Provide
    Arbitrary<String> targets() {
        return Arbitraries.of(OPERATIONS);
    }

    @Provide
    Arbitrary<Map<String, String>> headers() {
        Arbitrary<String> type = Arbitraries.of("application/x-amz-json-1.0", "application/json", "text/plain", "", "application/x-amz-cbor-1.1");
        Arbitrary<String> encoding = Arbitraries.of("", "", "", "identity", "gzip", "deflate", "x-unknown");
        return Combinators.combine(type, encoding).as((t, e) -> {
            Map<String, String> h = new TreeMap<>();
            if (!t.isEmpty()) h.put("Content-Type", t);
            if (!e.isEmpty()) h.put("Content-Encoding", e);
            return h;
        });
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(3000);
    }

    private static final List<String> FIELDS = List.of("TableName", "Key", "Item", "S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS",
            "BS", "ExpressionAttributeNames", "ExpressionAttributeValues", "ConditionExpression", "UpdateExpression",
            "KeyConditionExpression", "FilterExpression", "ProjectionExpression", "Limit", "ExclusiveStartKey", "RequestItems",
            "PutRequest", "DeleteRequest", "TransactItems", "Put", "Update", "Delete", "ConditionCheck", "ReturnValues",
            "KeySchema", "AttributeDefinitions", "AttributeName", "AttributeType", "KeyType", "BillingMode", "Segment",
            "TotalSegments", "ConsistentRead", "Select", "IndexName", "ClientRequestToken", "Tags", "ResourceArn");

    @Provide
    Arbitrary<String> json() {
        return value(4);
    }

    private Arbitrary<String> value(int depth) {
        Arbitrary<String> scalar = Arbitraries.oneOf(
                Arbitraries.of("null", "true", "false", "0", "-0", "1e400", "1." + "0".repeat(2000), "\"fuzz\"", "\"\"", "\":v\"",
                        "\"#n\"", "\"1E+126\"", "\"" + "9".repeat(39) + "\"", "\"AAEC\"", "\"a = :v\"", "\"SET a = :v\"", "\"\\ud800\"",
                        "\"\\u0000\"", "12345678901234567890123456789012345678901234567890"),
                Arbitraries.strings().ofMaxLength(20).map(RequestFuzzTest::quote),
                Arbitraries.integers().map(Object::toString));
        if (depth == 0) return scalar;
        Arbitrary<String> sub = value(depth - 1);
        Arbitrary<String> object = Combinators.combine(Arbitraries.oneOf(Arbitraries.of(FIELDS), Arbitraries.strings().ofMaxLength(8)), sub)
                .as((k, v) -> quote(k) + ":" + v).list().ofMaxSize(5).map(members -> "{" + String.join(",", members) + "}");
        Arbitrary<String> array = sub.list().ofMaxSize(5).map(items -> "[" + String.join(",", items) + "]");
        return Arbitraries.oneOf(scalar, object, object, array);
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }

    record Mutated(String target, String body) {}

    private static final List<Mutated> VALID = List.of(
            new Mutated("PutItem", "{\"TableName\":\"fuzz\",\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},\"v\":{\"L\":[{\"M\":{\"x\":"
                    + "{\"SS\":[\"a\",\"b\"]}}},{\"N\":\"1.5e3\"},{\"B\":\"AAEC\"},{\"NS\":[\"1\",\"2\"]}]}},"
                    + "\"ConditionExpression\":\"attribute_not_exists(pk) OR v <> :v\",\"ExpressionAttributeValues\":{\":v\":{\"B\":\"AAEC\"}}}"),
            new Mutated("GetItem", "{\"TableName\":\"fuzz\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}},\"ConsistentRead\":true,"
                    + "\"ProjectionExpression\":\"#v[0].x, pk\",\"ExpressionAttributeNames\":{\"#v\":\"v\"}}"),
            new Mutated("UpdateItem", "{\"TableName\":\"fuzz\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}},"
                    + "\"UpdateExpression\":\"SET #a = list_append(if_not_exists(#a, :e), :l) ADD c :one REMOVE v[1]\","
                    + "\"ExpressionAttributeNames\":{\"#a\":\"a\"},\"ExpressionAttributeValues\":{\":e\":{\"L\":[]},"
                    + "\":l\":{\"L\":[{\"S\":\"x\"}]},\":one\":{\"N\":\"1\"}},\"ReturnValues\":\"ALL_NEW\"}"),
            new Mutated("DeleteItem", "{\"TableName\":\"fuzz\",\"Key\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"}},"
                    + "\"ConditionExpression\":\"size(v) < :n\",\"ExpressionAttributeValues\":{\":n\":{\"N\":\"10\"}},\"ReturnValues\":\"ALL_OLD\"}"),
            new Mutated("Query", "{\"TableName\":\"fuzz\",\"KeyConditionExpression\":\"pk = :p AND sk BETWEEN :a AND :b\","
                    + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":a\":{\"N\":\"0\"},\":b\":{\"N\":\"9\"}},\"Limit\":5,"
                    + "\"ScanIndexForward\":false,\"FilterExpression\":\"attribute_exists(v) AND c > :a\"}"),
            new Mutated("Scan", "{\"TableName\":\"fuzz\",\"Segment\":0,\"TotalSegments\":2,\"ProjectionExpression\":\"pk, v[0].x\","
                    + "\"ExclusiveStartKey\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}},\"Select\":\"SPECIFIC_ATTRIBUTES\"}"),
            new Mutated("BatchWriteItem", "{\"RequestItems\":{\"fuzz\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"},"
                    + "\"m\":{\"M\":{\"n\":{\"NULL\":true},\"t\":{\"BOOL\":false}}}}}},{\"DeleteRequest\":{\"Key\":{\"pk\":{\"S\":\"c\"},\"sk\":{\"N\":\"3\"}}}}]},"
                    + "\"ReturnConsumedCapacity\":\"TOTAL\"}"),
            new Mutated("BatchGetItem", "{\"RequestItems\":{\"fuzz\":{\"Keys\":[{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}},"
                    + "{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"}}],\"ConsistentRead\":true}}}"),
            new Mutated("TransactWriteItems", "{\"TransactItems\":[{\"Put\":{\"TableName\":\"fuzz\",\"Item\":{\"pk\":{\"S\":\"t\"},\"sk\":{\"N\":\"1\"}}}},"
                    + "{\"Update\":{\"TableName\":\"fuzz\",\"Key\":{\"pk\":{\"S\":\"u\"},\"sk\":{\"N\":\"1\"}},\"UpdateExpression\":\"ADD n :one\","
                    + "\"ExpressionAttributeValues\":{\":one\":{\"N\":\"1\"}}}}],\"ClientRequestToken\":\"token-1\"}"),
            new Mutated("TransactGetItems", "{\"TransactItems\":[{\"Get\":{\"TableName\":\"fuzz\",\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}}]}"),
            new Mutated("CreateTable", "{\"TableName\":\"fz\",\"AttributeDefinitions\":[{\"AttributeName\":\"k\",\"AttributeType\":\"S\"},"
                    + "{\"AttributeName\":\"g\",\"AttributeType\":\"N\"}],\"KeySchema\":[{\"AttributeName\":\"k\",\"KeyType\":\"HASH\"}],"
                    + "\"BillingMode\":\"PAY_PER_REQUEST\",\"GlobalSecondaryIndexes\":[{\"IndexName\":\"g\",\"KeySchema\":"
                    + "[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],\"Projection\":{\"ProjectionType\":\"KEYS_ONLY\"}}]}"));

    private static final List<String> SPLICES = List.of("1" + "0".repeat(100_000), "\"" + "a".repeat(70_000) + "\"",
            "[".repeat(5_000), "{\"M\":".repeat(3_000), "\"1." + "0".repeat(100_000) + "1\"", "\"9e999999999999\"", "\"-0e-99999\"",
            "{\"L\":[" + "{\"N\":\"1\"},".repeat(5_000) + "{\"N\":\"1\"}]}", "\"\\ud800\"", "\"\\udfff\\ud800\"", "\u0000", "\uFFFF",
            "\"" + "#n.".repeat(2_000) + "a\"", "\"" + "a[0]".repeat(3_000) + "\"", "{\"SS\":[" + "\"x\",".repeat(3_000) + "\"x\"]}");

    @Provide
    Arbitrary<Mutated> mutated() {
        Arbitrary<Mutation> one = Arbitraries.oneOf(
                Combinators.combine(Arbitraries.doubles().between(0, 1), Arbitraries.chars().with("{}[]\":,0123456789eE.-+\\ aSNBLM\u00e9\u0000"))
                        .as((at, c) -> (Mutation) text -> { int i = index(text, at); return text.substring(0, i) + c + text.substring(Math.min(text.length(), i + 1)); }),
                Combinators.combine(Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(1, 40))
                        .as((at, n) -> (Mutation) text -> { int i = index(text, at); return text.substring(0, i) + text.substring(Math.min(text.length(), i + n)); }),
                Combinators.combine(Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(1, 40))
                        .as((at, n) -> (Mutation) text -> { int i = index(text, at); int j = Math.min(text.length(), i + n);
                            return text.substring(0, j) + text.substring(i, j) + text.substring(j); }),
                Combinators.combine(Arbitraries.doubles().between(0, 1), Arbitraries.of(SPLICES))
                        .as((at, s) -> (Mutation) text -> { int i = index(text, at); return text.substring(0, i) + s + text.substring(i); }),
                Combinators.combine(Arbitraries.doubles().between(0, 1), Arbitraries.of(SPLICES))
                        .as((at, s) -> (Mutation) text -> replaceValueAt(text, index(text, at), s)));
        return Combinators.combine(Arbitraries.of(VALID), one.list().ofMinSize(1).ofMaxSize(4), Arbitraries.of(OPERATIONS).injectNull(0.8))
                .as((valid, mutations, otherTarget) -> {
                    String body = valid.body();
                    for (Mutation m : mutations) body = m.apply(body);
                    return new Mutated(otherTarget == null ? valid.target() : otherTarget, body);
                });
    }

    private interface Mutation {
        String apply(String text);
    }

    private static int index(String text, double at) {
        return (int) Math.min(text.length(), Math.floor(at * (text.length() + 1)));
    }

    /** Replaces the JSON string value starting at the first quote after {@code from} (a value of any type becomes another). */
    private static String replaceValueAt(String text, int from, String replacement) {
        int open = text.indexOf(":\"", from);
        if (open < 0) return text;
        int close = text.indexOf('"', open + 2);
        if (close < 0) return text;
        return text.substring(0, open + 1) + replacement + text.substring(close + 1);
    }

    // ---- the wire ----

    record Reply(int status, String body) {}

    /** One request on a fresh connection; the response, or a failure if none comes within the timeout. */
    private static Reply send(String target, Map<String, String> headers, byte[] body) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
            s.setSoTimeout(ANSWER_TIMEOUT_MILLIS);
            StringBuilder head = new StringBuilder("POST / HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\n");
            head.append("X-Amz-Target: DynamoDB_20120810.").append(target).append("\r\n");
            if (!headers.containsKey("Content-Type") && headers.isEmpty()) head.append("Content-Type: application/x-amz-json-1.0\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            head.append("X-Amz-Date: 20250101T000000Z\r\n");
            head.append("Authorization: AWS4-HMAC-SHA256 Credential=fuzz/20250101/us-east-1/dynamodb/aws4_request, "
                    + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=" + "0".repeat(64) + "\r\n");
            head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return read(s.getInputStream(), target);
        } catch (SocketTimeoutException e) {
            fail("no answer within " + ANSWER_TIMEOUT_MILLIS + " ms to " + target + " " + abbreviate(new String(body, StandardCharsets.UTF_8)));
            return null;
        } catch (IOException e) {
            fail("connection failed for " + target + ": " + e);
            return null;
        }
    }

    /** Status line, headers, then a Content-Length body (the server always sends one). */
    private static Reply read(InputStream in, String target) throws IOException {
        java.io.ByteArrayOutputStream head = new java.io.ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            byte[] h = head.toByteArray();
            int n = h.length;
            if (n >= 4 && h[n - 4] == '\r' && h[n - 3] == '\n' && h[n - 2] == '\r' && h[n - 1] == '\n') break;
        }
        String headers = head.toString(StandardCharsets.ISO_8859_1);
        if (!headers.startsWith("HTTP/1.1 ")) fail("not an HTTP reply: '" + headers + "' to " + target);
        int length = 0;
        for (String line : headers.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) length = Integer.parseInt(line.substring(15).trim());
        }
        return new Reply(Integer.parseInt(headers.substring(9, 12)), new String(in.readNBytes(length), StandardCharsets.UTF_8));
    }
}
