package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * One element of a BatchWriteItem table list (API_WriteRequest): a PutRequest or a
 * DeleteRequest (the operation refuses an element with neither or both). Item and Key keep an
 * invalid attribute value for where the operation decodes them today ({@link Deferred}).
 * Immutable.
 *
 * @param wire the element as sent, echoed in UnprocessedItems
 */
public record BatchWrite(boolean isPut, boolean itemPresent, Deferred<Map<String, AttributeValue>> item,
                         boolean isDelete, boolean keyPresent, Deferred<Map<String, AttributeValue>> key, Map<String, Object> wire) {
    public static BatchWrite decode(JsonObject w) {
        JsonObject put = w.object("PutRequest");
        JsonObject delete = w.object("DeleteRequest");
        boolean itemPresent = put != null && put.object("Item") != null;
        boolean keyPresent = delete != null && delete.object("Key") != null;
        return new BatchWrite(put != null, itemPresent, put == null ? Deferred.absent() : Deferred.decode(() -> put.item("Item")),
                delete != null, keyPresent, delete == null ? Deferred.absent() : Deferred.decode(() -> delete.item("Key")), w.raw());
    }
}
