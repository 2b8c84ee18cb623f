package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DynamoDB's ConsumedCapacity shape (docs/RULES.md#CAP-CONSUMED-SHAPE). */
class ConsumedCapacityTest {

    @Test
    void totalHasTableNameAndUnits() {
        ConsumedCapacity c = ConsumedCapacity.builder("Orders").table(0.5, 0).build();
        assertThat(c.render(ConsumedCapacity.Level.TOTAL))
                .containsExactly(Map.entry("TableName", "Orders"), Map.entry("CapacityUnits", 0.5),
                        Map.entry("ReadCapacityUnits", 0.5));
        assertThat(c.render(ConsumedCapacity.Level.NONE)).isNull();
    }

    @Test
    void indexesSplitsTableLsiAndGsiAndTotalIsTheirSum() {
        ConsumedCapacity c = ConsumedCapacity.builder("Orders").table(0, 1).localIndex("lsi", 0, 1)
                .globalIndex("gsi", 0, 2).build();
        Map<String, Object> out = c.render(ConsumedCapacity.Level.INDEXES);
        assertThat(out.get("CapacityUnits")).isEqualTo(4.0);
        assertThat(out.get("WriteCapacityUnits")).isEqualTo(4.0);
        assertThat(out.get("Table")).isEqualTo(Map.of("CapacityUnits", 1.0, "WriteCapacityUnits", 1.0));
        assertThat(out.get("LocalSecondaryIndexes")).isEqualTo(Map.of("lsi", Map.of("CapacityUnits", 1.0, "WriteCapacityUnits", 1.0)));
        assertThat(out.get("GlobalSecondaryIndexes")).isEqualTo(Map.of("gsi", Map.of("CapacityUnits", 2.0, "WriteCapacityUnits", 2.0)));
        assertThat(c.render(ConsumedCapacity.Level.TOTAL)).doesNotContainKeys("Table", "GlobalSecondaryIndexes");
    }

    @Test
    void queryOnAnIndexHasNoTableEntry() { // observed: a Query on an index reports index capacity only
        ConsumedCapacity c = ConsumedCapacity.builder("Orders").globalIndex("gsi", 0.5, 0).build();
        Map<String, Object> out = c.render(ConsumedCapacity.Level.INDEXES);
        assertThat(out).doesNotContainKey("Table").containsEntry("CapacityUnits", 0.5);
    }

    @Test
    void tableWithoutIndexesRepeatsTheTotalInTable() { // observed: INDEXES without indexes
        Map<String, Object> out = ConsumedCapacity.builder("T").table(1, 0).build().render(ConsumedCapacity.Level.INDEXES);
        assertThat(out).containsKey("Table").doesNotContainKeys("LocalSecondaryIndexes", "GlobalSecondaryIndexes");
    }

    @Test
    void pagesAddUpAndBatchesRenderAList() {
        ConsumedCapacity a = ConsumedCapacity.builder("T").table(1, 0).globalIndex("g", 0, 1).build();
        ConsumedCapacity b = ConsumedCapacity.builder("T").table(2, 0).globalIndex("g", 0, 1).build();
        assertThat(a.plus(b).units()).isEqualTo(5.0);
        assertThat(a.plus(b).globalSecondaryIndexes().get("g").write()).isEqualTo(2.0);
        List<Object> list = ConsumedCapacity.renderList(List.of(a, b), ConsumedCapacity.Level.TOTAL);
        assertThat(list).hasSize(2);
    }

    @Test
    void levelParsing() {
        assertThat(ConsumedCapacity.Level.parse(null)).isEqualTo(ConsumedCapacity.Level.NONE);
        assertThat(ConsumedCapacity.Level.parse("INDEXES")).isEqualTo(ConsumedCapacity.Level.INDEXES);
        assertThat(ConsumedCapacity.Level.parse("DUMMY")).isNull();
    }
}
