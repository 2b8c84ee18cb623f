package io.keyline.expr;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.op.request.ExpressionAttributes;
import io.keyline.op.request.LegacyParameters;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;

/** Small builders for items and values, and an assertion for DynamoDB's validation errors. */
final class Fixtures {
    private Fixtures() {}

    static AttributeValue s(String v) { return AttributeValue.s(v); }
    static AttributeValue n(String v) { return AttributeValue.n(v); }
    static AttributeValue n(long v) { return AttributeValue.n(v); }
    static AttributeValue b(String utf8) { return AttributeValue.b(utf8.getBytes(StandardCharsets.UTF_8)); }
    static AttributeValue b(int... bytes) {
        byte[] a = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) a[i] = (byte) bytes[i];
        return AttributeValue.b(a);
    }
    static AttributeValue bool(boolean v) { return AttributeValue.bool(v); }
    static AttributeValue nul() { return AttributeValue.nul(); }
    static AttributeValue l(AttributeValue... v) { return new AttributeValue.L(Arrays.asList(v)); }
    static AttributeValue ss(String... v) { return new AttributeValue.SS(new LinkedHashSet<>(Arrays.asList(v))); }
    static AttributeValue ns(String... v) {
        LinkedHashSet<BigDecimal> set = new LinkedHashSet<>();
        for (String x : v) set.add(new BigDecimal(x));
        return new AttributeValue.NS(set);
    }
    static AttributeValue bs(String... utf8) {
        LinkedHashSet<io.keyline.model.Binary> set = new LinkedHashSet<>();
        for (String x : utf8) set.add(io.keyline.model.Binary.of(x.getBytes(StandardCharsets.UTF_8)));
        return new AttributeValue.BS(set);
    }
    static AttributeValue m(Object... kv) { return new AttributeValue.M(item(kv)); }

    /** item("a", s("x"), "b", n(1)) */
    static Map<String, AttributeValue> item(Object... kv) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) out.put((String) kv[i], (AttributeValue) kv[i + 1]);
        return out;
    }

    static Map<String, String> names(String... kv) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) out.put(kv[i], kv[i + 1]);
        return out;
    }

    static Map<String, AttributeValue> values(Object... kv) { return item(kv); }

    static JsonObject json(String text) {
        return JsonObject.of(Json.parse(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    /** A legacy condition map (Expected, QueryFilter, KeyConditions...) decoded as a request's member. */
    static Map<String, LegacyCondition> conditions(String json) {
        return json == null ? null : LegacyParameters.conditions(json("{'M': " + json + "}"), "M");
    }

    /** A legacy AttributeUpdates map decoded as a request's member. */
    static Map<String, LegacyAttributeUpdate> attributeUpdates(String json) {
        return LegacyParameters.attributeUpdates(json("{'AttributeUpdates': " + json + "}"));
    }

    /** The expression context of a request's ExpressionAttributeNames and ExpressionAttributeValues. */
    static ExpressionContext context(String requestJson) {
        return ExpressionAttributes.decode(json(requestJson)).context();
    }

    static List<String> list(String... v) { return List.of(v); }

    static AbstractThrowableAssert<?, ? extends Throwable> assertValidation(Runnable r, String message) {
        return assertThatThrownBy(r::run)
                .isInstanceOf(ApiException.class)
                .hasMessage(message)
                .matches(e -> ((ApiException) e).name().equals("ValidationException"), "is a ValidationException");
    }

    static AbstractThrowableAssert<?, ? extends Throwable> assertValidationMatching(Runnable r, String regex) {
        return assertThatThrownBy(r::run)
                .isInstanceOf(ApiException.class)
                .hasMessageMatching(regex)
                .matches(e -> ((ApiException) e).name().equals("ValidationException"), "is a ValidationException");
    }
}
