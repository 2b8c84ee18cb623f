package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.AttributeValueCodec;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One table's part of a BatchGetItem request (API_KeysAndAttributes), decoded. Each key keeps an
 * invalid attribute value for where the operation checks that key ({@link Deferred}). Immutable.
 *
 * @param keysWire the Keys list as sent, null when absent: DynamoDB's constraint messages render it
 * @param keys     one entry per key (null where the key was JSON null), null when absent
 * @param wire     the part as sent, echoed in UnprocessedKeys
 */
public record KeysAndAttributes(List<Object> keysWire, List<Deferred<Map<String, AttributeValue>>> keys,
                                List<String> attributesToGet, Boolean consistentRead, ExpressionMembers expressions,
                                Map<String, Object> wire) {
    public static KeysAndAttributes decode(JsonObject part) {
        List<Object> keysWire = part.list("Keys");
        List<String> attributesToGet = part.strings("AttributesToGet");
        Boolean consistentRead = part.bool("ConsistentRead");
        ExpressionMembers expressions = ExpressionMembers.forGet(part);
        List<Deferred<Map<String, AttributeValue>>> keys = null;
        List<JsonObject> keyObjects = part.objects("Keys");
        if (keyObjects != null) {
            keys = new ArrayList<>(keyObjects.size());
            for (JsonObject k : keyObjects) keys.add(k == null ? null : Deferred.decode(() -> AttributeValueCodec.decodeItem(k.raw())));
        }
        return new KeysAndAttributes(keysWire, keys, attributesToGet, consistentRead, expressions, part.raw());
    }

    public boolean consistent() { return Boolean.TRUE.equals(consistentRead); }
}
