package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The tables a request names, as the request metrics count them. */
class RequestMeteringTest {
    private static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    @Test void aSingleTableBatchesAndTransactions() {
        assertThat(RequestMetering.tables(request("{'TableName':'A','Key':{}}"))).containsExactly("A");
        assertThat(RequestMetering.tables(request("{'RequestItems':{'A':{},'B':{}}}"))).containsExactly("A", "B");
        assertThat(RequestMetering.tables(request("{'TransactItems':[{'Put':{'TableName':'A'}},{'Update':{'TableName':'B'}},"
                + "{'ConditionCheck':{'TableName':'A'}}]}"))).containsExactly("A", "B");
        assertThat(RequestMetering.tables(request("{}"))).isEmpty();
        assertThat(RequestMetering.tables(null)).isEmpty();
    }
}
