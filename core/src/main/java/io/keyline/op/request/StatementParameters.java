package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.AttributeValueCodec;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** A PartiQL statement's Parameters member: AttributeValues bound in order to its {@code ?} placeholders. Stateless. */
final class StatementParameters {
    private StatementParameters() {}

    /** The decoded values, or null when the member is absent. */
    static List<AttributeValue> decode(JsonObject request) {
        List<Object> raw = request.list("Parameters");
        if (raw == null) return null;
        List<AttributeValue> out = new ArrayList<>(raw.size());
        for (Object o : raw) out.add(AttributeValueCodec.decode(o));
        return out;
    }
}
