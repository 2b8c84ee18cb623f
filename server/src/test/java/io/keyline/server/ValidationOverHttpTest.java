package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.protocol.Json;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * docs/RULES.md#VALIDATION-ORDER on the wire: what the SDKs would refuse client-side, sent raw.
 * The request's shape is checked where every request passes (op.Operations#handle), so the
 * server answers in DynamoDB's order with DynamoDB's words (texts: dynalite's test suite, run
 * against DynamoDB; see core's ValidationOrderTest).
 */
class ValidationOverHttpTest {
    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory();

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(String op, String json) {
        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.call(op, json);
            assertThat(r.status()).as(r.text()).isEqualTo(400);
            return (Map<String, Object>) Json.parse(r.body());
        }
    }

    private static String type(Map<String, Object> error) {
        String t = (String) error.get("__type");
        return t.substring(t.indexOf('#') + 1);
    }

    @Test
    void aWronglyTypedMemberWithoutATableNameIsASerializationException() {
        Map<String, Object> e = error("CreateTable", "{\"ProvisionedThroughput\":5}");
        assertThat(type(e)).isEqualTo("SerializationException");
        assertThat(e).containsEntry("Message", "Unexpected field type");
    }

    @Test
    void anUnsupportedKeyTypeOnAMissingTableIsAValidationException() {
        Map<String, Object> e = error("BatchGetItem", "{\"RequestItems\":{\"abc\":{\"Keys\":[{\"a\":{\"X\":\"1\"}}]}}}");
        assertThat(type(e)).isEqualTo("ValidationException");
        assertThat(e).containsEntry("message", "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
    }

    @Test
    void memberConstraintsAreAggregatedBeforeTheTableIsLookedUp() {
        Map<String, Object> e = error("Query", "{\"TableName\":\"nope\",\"Limit\":0,\"Select\":\"hi\"}");
        assertThat(type(e)).isEqualTo("ValidationException");
        assertThat((String) e.get("message")).startsWith("2 validation errors detected: ")
                .contains("Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1")
                .contains("Value 'hi' at 'select' failed to satisfy constraint: Member must satisfy enum value set: "
                        + "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]");
    }

    @Test
    void listTablesBoundsAndTagLimits() {
        Map<String, Object> e = error("ListTables", "{\"Limit\":101}");
        assertThat(e).containsEntry("message",
                "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100");
        e = error("UntagResource", "{\"ResourceArn\":\"arn:aws:dynamodb:us-east-1:000000000000:table/abc\"}");
        assertThat(e).containsEntry("message",
                "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null");
    }
}
