package io.keyline.bench.jmh;

import io.keyline.bench.workload.DataLayout;
import io.keyline.bench.workload.WireRequests;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.AttributeValueCodec;
import io.keyline.protocol.Json;
import java.util.Map;

/** The benchmark table's items as Keyline sees them, shared by the micro-benchmarks. Stateless. */
final class Fixtures {
    private Fixtures() {}

    static DataLayout layout(int itemBytes) {
        return new DataLayout(itemBytes, DataLayout.BATCH_SIZE, 1, 42);
    }

    /** The PutItem request body for item 0 of the layout, as the client sends it. */
    static byte[] putItemBody(int itemBytes) {
        return WireRequests.put(layout(itemBytes), 0);
    }

    /** Item 0, decoded. */
    @SuppressWarnings("unchecked")
    static Map<String, AttributeValue> item(int itemBytes) {
        Map<String, Object> request = (Map<String, Object>) Json.parse(putItemBody(itemBytes));
        return AttributeValueCodec.decodeItem((Map<String, Object>) request.get("Item"));
    }
}
