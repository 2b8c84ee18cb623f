package io.keyline.op.response;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.error.ApiException;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.protocol.shape.RequestShapes;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** DynamoDB's ConsumedCapacity shape (API_ConsumedCapacity; B.2 [obs, ALT-T-RCC]). */
class ConsumedCapacityResponseTest {

    @Test
    void totalHasTableNameAndUnits() {
        ConsumedCapacity c = ConsumedCapacity.builder("Orders").table(0.5, 0).build();
        assertThat(ConsumedCapacityResponse.render(c, ReturnConsumedCapacity.TOTAL))
                .containsExactly(Map.entry("TableName", "Orders"), Map.entry("CapacityUnits", 0.5),
                        Map.entry("ReadCapacityUnits", 0.5));
        assertThat(ConsumedCapacityResponse.render(c, ReturnConsumedCapacity.NONE)).isNull();
    }

    @Test
    void indexesSplitsTableLsiAndGsiAndTotalIsTheirSum() {
        ConsumedCapacity c = ConsumedCapacity.builder("Orders").table(0, 1).localIndex("lsi", 0, 1)
                .globalIndex("gsi", 0, 2).build();
        Map<String, Object> out = ConsumedCapacityResponse.render(c, ReturnConsumedCapacity.INDEXES);
        assertThat(out.get("CapacityUnits")).isEqualTo(4.0);
        assertThat(out.get("WriteCapacityUnits")).isEqualTo(4.0);
        assertThat(out.get("Table")).isEqualTo(Map.of("CapacityUnits", 1.0, "WriteCapacityUnits", 1.0));
        assertThat(out.get("LocalSecondaryIndexes")).isEqualTo(Map.of("lsi", Map.of("CapacityUnits", 1.0, "WriteCapacityUnits", 1.0)));
        assertThat(out.get("GlobalSecondaryIndexes")).isEqualTo(Map.of("gsi", Map.of("CapacityUnits", 2.0, "WriteCapacityUnits", 2.0)));
        assertThat(ConsumedCapacityResponse.render(c, ReturnConsumedCapacity.TOTAL)).doesNotContainKeys("Table", "GlobalSecondaryIndexes");
    }

    @Test
    void queryOnAnIndexHasNoTableEntry() { // [obs] a Query on an index reports index capacity only
        ConsumedCapacity c = ConsumedCapacity.builder("Orders").globalIndex("gsi", 0.5, 0).build();
        Map<String, Object> out = ConsumedCapacityResponse.render(c, ReturnConsumedCapacity.INDEXES);
        assertThat(out).doesNotContainKey("Table").containsEntry("CapacityUnits", 0.5);
    }

    @Test
    void tableWithoutIndexesRepeatsTheTotalInTable() { // [obs] INDEXES without indexes
        Map<String, Object> out = ConsumedCapacityResponse.render(ConsumedCapacity.builder("T").table(1, 0).build(),
                ReturnConsumedCapacity.INDEXES);
        assertThat(out).containsKey("Table").doesNotContainKeys("LocalSecondaryIndexes", "GlobalSecondaryIndexes");
    }

    @Test
    void batchesRenderAList() {
        ConsumedCapacity a = ConsumedCapacity.builder("T").table(1, 0).globalIndex("g", 0, 1).build();
        ConsumedCapacity b = ConsumedCapacity.builder("T").table(2, 0).globalIndex("g", 0, 1).build();
        List<Object> list = ConsumedCapacityResponse.renderList(List.of(a, b), ReturnConsumedCapacity.TOTAL);
        assertThat(list).hasSize(2);
    }

    @Test
    void levelParsing() {
        assertThat(ReturnConsumedCapacity.of(null)).isEqualTo(ReturnConsumedCapacity.NONE);
        assertThat(ReturnConsumedCapacity.of("INDEXES")).isEqualTo(ReturnConsumedCapacity.INDEXES);
        // The enum is the request shape's check now (docs/RULES.md#VALIDATION-ORDER).
        Map<String, Object> request = new java.util.HashMap<>(Map.of("TableName", "ttt", "Key", Map.of(), "ReturnConsumedCapacity", "DUMMY"));
        ApiException e = Assertions.catchThrowableOfType(
                () -> RequestShapes.dynamoDb().validate("GetItem", request), ApiException.class);
        assertThat(e.getMessage()).contains("Value 'DUMMY' at 'returnConsumedCapacity' failed to satisfy constraint: "
                + "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]");
    }
}
