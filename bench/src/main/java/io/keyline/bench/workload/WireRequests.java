package io.keyline.bench.workload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * JSON request bodies in DynamoDB's wire form for each benchmarked operation, built once before
 * a run so that the raw client spends no CPU on encoding. Stateless.
 */
public final class WireRequests {
    private static final JsonFactory JSON = new JsonFactory();

    private WireRequests() {}

    /** Writes one JSON document; the callback writes the fields of the top-level object. */
    interface Body { void write(JsonGenerator g) throws IOException; }

    static byte[] json(Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            body.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The body of request {@code index} of a single operation (not {@link Op#MIXED}). */
    public static byte[] body(Op op, DataLayout l, int index) {
        switch (op) {
            case PUT: return put(l, index);
            case GET: return get(l, index);
            case UPDATE: return update(l, index);
            case QUERY: return query(l, index);
            case SCAN: return scan(l, index);
            case BATCH_WRITE: return batchWrite(l, index);
            default: throw new IllegalArgumentException("not a single operation: " + op);
        }
    }

    public static byte[] put(DataLayout l, int i) {
        return json(g -> {
            g.writeStringField("TableName", l.table());
            g.writeFieldName("Item");
            item(g, DataLayout.itemPk(i), 0, l.padding(i));
        });
    }

    public static byte[] get(DataLayout l, int i) {
        return json(g -> {
            g.writeStringField("TableName", l.table());
            g.writeFieldName("Key");
            key(g, DataLayout.itemPk(i), 0);
        });
    }

    /** Increments the counter of an existing item under a condition that always holds. */
    public static byte[] update(DataLayout l, int i) {
        return json(g -> {
            g.writeStringField("TableName", l.table());
            g.writeFieldName("Key");
            key(g, DataLayout.itemPk(i), 0);
            g.writeStringField("UpdateExpression", "SET #n = #n + :one");
            g.writeStringField("ConditionExpression", "attribute_exists(pk)");
            g.writeObjectFieldStart("ExpressionAttributeNames");
            g.writeStringField("#n", "n");
            g.writeEndObject();
            g.writeObjectFieldStart("ExpressionAttributeValues");
            g.writeObjectFieldStart(":one");
            g.writeStringField("N", "1");
            g.writeEndObject();
            g.writeEndObject();
        });
    }

    public static byte[] query(DataLayout l, int j) {
        return json(g -> {
            g.writeStringField("TableName", l.table());
            g.writeStringField("KeyConditionExpression", "pk = :p");
            g.writeObjectFieldStart("ExpressionAttributeValues");
            g.writeObjectFieldStart(":p");
            g.writeStringField("S", DataLayout.queryPk(j));
            g.writeEndObject();
            g.writeEndObject();
            g.writeNumberField("Limit", DataLayout.QUERY_ITEMS);
        });
    }

    /** One page of 10 items, starting after item key i so that pages differ. */
    public static byte[] scan(DataLayout l, int i) {
        return json(g -> {
            g.writeStringField("TableName", l.table());
            g.writeNumberField("Limit", DataLayout.QUERY_ITEMS);
            g.writeFieldName("ExclusiveStartKey");
            key(g, DataLayout.itemPk(i), 0);
        });
    }

    public static byte[] batchWrite(DataLayout l, int j) {
        return json(g -> {
            g.writeObjectFieldStart("RequestItems");
            g.writeArrayFieldStart(l.table());
            for (int t = 0; t < DataLayout.BATCH_SIZE; t++) {
                int i = l.batchItem(j, t);
                g.writeStartObject();
                g.writeObjectFieldStart("PutRequest");
                g.writeFieldName("Item");
                item(g, DataLayout.itemPk(i), 0, l.padding(i));
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /** BatchWriteItem of explicit items, used to load Query partitions. */
    public static byte[] batchWriteQueryItems(DataLayout l, int firstPartition, int partitions) {
        return json(g -> {
            g.writeObjectFieldStart("RequestItems");
            g.writeArrayFieldStart(l.table());
            for (int p = firstPartition; p < firstPartition + partitions; p++) {
                for (int sk = 0; sk < DataLayout.QUERY_ITEMS; sk++) {
                    g.writeStartObject();
                    g.writeObjectFieldStart("PutRequest");
                    g.writeFieldName("Item");
                    item(g, DataLayout.queryPk(p), sk, l.padding(p * DataLayout.QUERY_ITEMS + sk));
                    g.writeEndObject();
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    static void key(JsonGenerator g, String pk, int sk) throws IOException {
        g.writeStartObject();
        attribute(g, "pk", "S", pk);
        attribute(g, "sk", "N", Integer.toString(sk));
        g.writeEndObject();
    }

    static void item(JsonGenerator g, String pk, int sk, String data) throws IOException {
        g.writeStartObject();
        attribute(g, "pk", "S", pk);
        attribute(g, "sk", "N", Integer.toString(sk));
        attribute(g, "n", "N", "0");
        attribute(g, "data", "S", data);
        g.writeEndObject();
    }

    private static void attribute(JsonGenerator g, String name, String type, String value) throws IOException {
        g.writeObjectFieldStart(name);
        g.writeStringField(type, value);
        g.writeEndObject();
    }
}
