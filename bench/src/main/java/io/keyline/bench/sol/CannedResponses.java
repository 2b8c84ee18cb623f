package io.keyline.bench.sol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.keyline.bench.workload.DataLayout;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;

/**
 * Fixed, valid DynamoDB responses for each benchmarked operation, shaped like the real ones
 * (GetItem returns one item of the table's item size, Query and Scan ten), with the CRC32 that
 * DynamoDB sends in {@code x-amz-crc32} and the SDK verifies. Built once; immutable.
 */
final class CannedResponses {
    /** A response body, its CRC32 header value, and the whole HTTP response with and without keep-alive. */
    record Canned(byte[] body, String crc32, byte[] keepAliveResponse, byte[] closingResponse) {}

    private static final JsonFactory JSON = new JsonFactory();
    private static final Canned EMPTY = canned("{}".getBytes());
    private static final Canned BATCH = canned("{\"UnprocessedItems\":{}}".getBytes());

    private final Map<String, Canned> byTableAndOp = new ConcurrentHashMap<>();

    /** The response to {@code operation} on {@code table}; tables named bench_N have N-byte items. */
    Canned forRequest(String operation, String table) {
        return byTableAndOp.computeIfAbsent(table + "/" + operation, k -> build(operation, itemBytes(table)));
    }

    private static int itemBytes(String table) {
        if (table != null && table.startsWith("bench_")) {
            try {
                return Integer.parseInt(table.substring("bench_".length()));
            } catch (NumberFormatException ignored) {
                // fall through to the default size
            }
        }
        return 200;
    }

    private static Canned build(String operation, int itemBytes) {
        DataLayout layout = new DataLayout(itemBytes, DataLayout.BATCH_SIZE, 1, 1);
        switch (operation) {
            case "GetItem":
                return canned(json(g -> {
                    g.writeFieldName("Item");
                    item(g, layout, 0);
                }));
            case "Query":
            case "Scan":
                return canned(json(g -> {
                    g.writeNumberField("Count", DataLayout.QUERY_ITEMS);
                    g.writeArrayFieldStart("Items");
                    for (int i = 0; i < DataLayout.QUERY_ITEMS; i++) item(g, layout, i);
                    g.writeEndArray();
                    g.writeNumberField("ScannedCount", DataLayout.QUERY_ITEMS);
                }));
            case "BatchWriteItem":
                return BATCH;
            default:
                return EMPTY;
        }
    }

    private interface Fields { void write(JsonGenerator g) throws IOException; }

    private static byte[] json(Fields fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            fields.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void item(JsonGenerator g, DataLayout layout, int sk) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("pk");
        g.writeStringField("S", DataLayout.queryPk(0));
        g.writeEndObject();
        g.writeObjectFieldStart("sk");
        g.writeStringField("N", Integer.toString(sk));
        g.writeEndObject();
        g.writeObjectFieldStart("n");
        g.writeStringField("N", "0");
        g.writeEndObject();
        g.writeObjectFieldStart("data");
        g.writeStringField("S", layout.padding(sk));
        g.writeEndObject();
        g.writeEndObject();
    }

    private static Canned canned(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        String crc32 = Long.toString(crc.getValue());
        return new Canned(body, crc32, http(body, crc32, "keep-alive"), http(body, crc32, "close"));
    }

    private static byte[] http(byte[] body, String crc32, String connection) {
        String head = "HTTP/1.1 200 OK\r\ncontent-type: application/x-amz-json-1.0\r\ncontent-length: " + body.length
                + "\r\nx-amz-crc32: " + crc32 + "\r\nx-amzn-RequestId: SPEEDOFLIGHT\r\nconnection: " + connection + "\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        byte[] all = Arrays.copyOf(h, h.length + body.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return all;
    }
}
