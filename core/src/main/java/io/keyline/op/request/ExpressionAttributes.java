package io.keyline.op.request;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.ExpressionContext;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.AttributeValueCodec;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A request's ExpressionAttributeNames and ExpressionAttributeValues, decoded. A value that does
 * not decode is kept as DynamoDB's error ({@code ExpressionAttributeValues contains invalid
 * value: ... for key :v}), thrown by {@link #context()} after the checks on names and keys, in
 * the order DynamoDB reports them; a member of the wrong JSON type is a SerializationException
 * at once. Immutable once decoded.
 *
 * @param names         null when absent
 * @param values        null when absent; decoded up to the first invalid value
 * @param valueKeys     every key of ExpressionAttributeValues, null when absent
 * @param valueError    the first invalid value's own ValidationException, or null
 * @param valueErrorKey the key of that value
 */
public record ExpressionAttributes(Map<String, String> names, Map<String, AttributeValue> values, Set<String> valueKeys,
                                   ApiException valueError, String valueErrorKey) {
    public static final ExpressionAttributes NONE = new ExpressionAttributes(null, null, null, null, null);

    /** Decodes the two members of {@code request} (a request or a transaction action). */
    public static ExpressionAttributes decode(JsonObject request) {
        Map<String, String> names = request.stringMap("ExpressionAttributeNames");
        JsonObject raw = request.object("ExpressionAttributeValues");
        if (raw == null) return names == null ? NONE : new ExpressionAttributes(names, null, null, null, null);
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        ApiException invalid = null;
        String invalidKey = null;
        for (Map.Entry<String, Object> e : raw.raw().entrySet()) {
            try {
                if (e.getValue() == null) {
                    throw Errors.validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
                }
                values.put(e.getKey(), AttributeValueCodec.decode(e.getValue()));
            } catch (ApiException ex) {
                if (!ex.name().equals("ValidationException")) throw ex;
                invalid = ex;
                invalidKey = e.getKey();
                break;
            }
        }
        return new ExpressionAttributes(names, values, raw.raw().keySet(), invalid, invalidKey);
    }

    /** The expression context of these names and values: DynamoDB's checks on both maps, names first. */
    public ExpressionContext context() {
        if (valueError == null) return new ExpressionContext(names, values);
        ExpressionContext.validateNames(names);
        ExpressionContext.validateValueKeys(valueKeys);
        throw Errors.validation("ExpressionAttributeValues contains invalid value: " + valueError.getMessage() + " for key " + valueErrorKey);
    }

    /** The decoded values, or the first invalid value's own error (TransactWriteItems sizes them before any check). */
    public Map<String, AttributeValue> valuesOrThrow() {
        if (valueError != null) throw valueError;
        return values;
    }
}
