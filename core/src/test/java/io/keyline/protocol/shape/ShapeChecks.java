package io.keyline.protocol.shape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.error.ApiException;
import io.keyline.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Runs {@link RequestShapes} on requests written as JSON text (single quotes stand for double
 * quotes) and reads back what DynamoDB would answer. Stateless.
 */
final class ShapeChecks {
    private ShapeChecks() {}

    static final RequestShapes SHAPES = RequestShapes.dynamoDb();

    @SuppressWarnings("unchecked")
    static Map<String, Object> request(String json) {
        return (Map<String, Object>) Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    /** The SerializationException text for {@code json}, which must fail deserialization. */
    static String serialization(String op, String json) {
        ApiException e = catchThrowableOfType(() -> SHAPES.deserialize(op, request(json)), ApiException.class);
        assertThat(e).as("%s %s should fail deserialization", op, json).isNotNull();
        assertThat(e.name()).isEqualTo("SerializationException");
        assertThat(e.type()).isEqualTo("com.amazon.coral.service#SerializationException");
        return e.getMessage();
    }

    /** The aggregated ValidationException text for {@code json}, or null if it passes both checks. */
    static String validation(String op, String json) {
        ApiException e = catchThrowableOfType(() -> SHAPES.validate(op, request(json)), ApiException.class);
        if (e == null) return null;
        assertThat(e.type()).as(e.getMessage()).isEqualTo("com.amazon.coral.validate#ValidationException");
        return e.getMessage();
    }

    /** {@code json} passes both checks. */
    static void passes(String op, String json) {
        SHAPES.validate(op, request(json));
    }
}
