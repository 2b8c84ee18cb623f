package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DescribeTableTest {
    private final ControlPlane cp = new ControlPlane();

    @Nested class Serialization {
        @Test void tableNameMustBeAString() {
            assertThat(cp.fail("DescribeTable", "{'TableName':['x']}").name()).isEqualTo("SerializationException");
        }

        @Test void timestampsAreEpochSecondsAndStable() {
            cp.createSimple("tbl", true);
            cp.clock.advance(Duration.ofMillis(1234));
            Map<String, Object> first = cp.describe("tbl");
            assertThat(first.get("CreationDateTime")).isEqualTo(new BigDecimal("1767225600.000"));
            assertThat(cp.describe("tbl").get("CreationDateTime")).isEqualTo(first.get("CreationDateTime"));
        }
    }

    @Nested class Validation {
        @Test void missingTableName() {
            // dynalite test/describeTable.js and aws/aws-sdk-java#977, both from DynamoDB's answers.
            assertThat(cp.fail("DescribeTable", "{}").getMessage())
                    .isEqualTo("The parameter 'TableName' is required but was not present in the request");
        }

        @Test void badTableNamePattern() {
            assertThat(cp.fail("DescribeTable", "{'TableName':'a b c'}").getMessage())
                    .contains("Value 'a b c' at 'tableName' failed to satisfy constraint");
        }

        @Test void missingTableIsResourceNotFound() {
            ApiException e = cp.fail("DescribeTable", "{'TableName':'non_existent_table'}");
            assertThat(e.type()).isEqualTo("com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Requested resource not found: Table: non_existent_table not found");
        }
    }

    @Nested class Behaviour {
        @Test void describesSchemaBillingAndIdentity() {
            cp.createSimple("tbl", true);
            Map<String, Object> d = cp.describe("tbl");
            assertThat(d.get("TableStatus")).isEqualTo("ACTIVE");
            assertThat(d.get("AttributeDefinitions")).isEqualTo(ControlPlane.list(ControlPlane.request("{'a':["
                    + "{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'}]}").get("a")));
            assertThat(map(d.get("BillingModeSummary")).get("LastUpdateToPayPerRequestDateTime")).isEqualTo(d.get("CreationDateTime"));
            assertThat(map(d.get("WarmThroughput"))).containsEntry("ReadUnitsPerSecond", BigDecimal.valueOf(12000))
                    .containsEntry("WriteUnitsPerSecond", BigDecimal.valueOf(4000));
            assertThat(d).doesNotContainKeys("SSEDescription", "StreamSpecification", "RestoreSummary");
        }

        @Test void statisticsRecordedByWritesAreReported() {
            cp.createSimple("tbl", false);
            Map<String, AttributeValue> item = Map.of("p", new AttributeValue.S("abc"), "v", new AttributeValue.S("hello"));
            long size = io.keyline.model.ItemSize.of(item);
            cp.engine.catalog().statistics("tbl").record(1, size);
            cp.engine.catalog().statistics("tbl").record(1, size);
            Map<String, Object> d = cp.describe("tbl");
            assertThat(d.get("ItemCount")).isEqualTo(BigDecimal.valueOf(2));
            assertThat(d.get("TableSizeBytes")).isEqualTo(BigDecimal.valueOf(2 * (size + 100)));
        }

        @Test void tableIdsDifferBetweenTables() {
            cp.createSimple("one", false);
            cp.createSimple("two", false);
            assertThat(cp.describe("one").get("TableId")).isNotEqualTo(cp.describe("two").get("TableId"));
        }
    }
}
