package io.keyline.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Calls operations the way a client sees them: requests written as JSON text (single quotes
 * stand for double quotes, to keep tests readable), responses read back through the JSON
 * writer and parser. Shared by the operation and engine test fixtures. Stateless.
 */
public final class OperationCalls {
    private OperationCalls() {}

    public static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    /** Runs {@code op} on the request and returns the response as parsed wire JSON. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> call(Operations operations, String op, String json) {
        Object response = operations.dispatch(op, request(json));
        return (Map<String, Object>) Json.parse(Json.write(response));
    }

    /** Runs {@code op}, which must fail, and returns the error. */
    public static ApiException fail(Operations operations, String op, String json) {
        ApiException e = catchThrowableOfType(() -> operations.dispatch(op, request(json)), ApiException.class);
        assertThat(e).as("expected %s to fail", op).isNotNull();
        return e;
    }
}
