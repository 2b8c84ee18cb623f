package io.keyline.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.error.ApiException;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void aNumberWhoseExponentNoBigDecimalHoldsIsASerializationExceptionNotAServerError() {
        for (String body : new String[] {"9e999999999999", "{\"Limit\": 9e999999999999}", "{\"a\": [1, -2E-99999999999]}"}) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            assertThatThrownBy(() -> Json.parse(bytes)).as(body)
                    .isInstanceOf(ApiException.class).hasFieldOrPropertyWithValue("type", "com.amazon.coral.service#SerializationException");
            assertThatThrownBy(() -> Json.parse(new ByteArrayInputStream(bytes))).as(body)
                    .isInstanceOf(ApiException.class).hasFieldOrPropertyWithValue("type", "com.amazon.coral.service#SerializationException");
        }
    }

    @Test
    void numbersWithinBigDecimalsRangeStillParse() {
        assertThat(Json.parse("{\"Limit\": 9e99}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(Map.of("Limit", new BigDecimal("9e99")));
    }
}
