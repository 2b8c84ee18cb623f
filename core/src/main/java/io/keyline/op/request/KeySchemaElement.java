package io.keyline.op.request;

import java.util.LinkedHashMap;
import java.util.Map;

/** One KeySchemaElement as sent: the attribute name and HASH or RANGE, either possibly null. */
public record KeySchemaElement(String attributeName, String keyType) {
    /**
     * As DynamoDB's constraint messages render a member ({@code {AttributeName=a, KeyType=HASH}}),
     * the form a key schema of the wrong length is quoted in.
     */
    @Override public String toString() {
        Map<String, String> m = new LinkedHashMap<>();
        if (attributeName != null) m.put("AttributeName", attributeName);
        if (keyType != null) m.put("KeyType", keyType);
        return m.toString();
    }
}
