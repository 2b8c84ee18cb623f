package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.storage.Keyspaces;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.error.ApiException;
import io.keyline.storage.Cursor;
import io.keyline.storage.WriteBatch;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DeleteTableTest {
    private final ControlPlane cp = new ControlPlane();

    private boolean keyspaceEmpty(long id) {
        try (Cursor c = cp.storage.range(Keyspaces.prefix(id), Keyspaces.end(id), false)) {
            return !c.next();
        }
    }

    @Nested class Serialization {
        @Test void returnsTheReducedDescription() {
            cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                    + "{'AttributeName':'c','KeyType':'RANGE'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},"
                    + "{'AttributeName':'c','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],'GlobalSecondaryIndexes':["
                    + "{'IndexName':'hello','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}],"
                    + "'LocalSecondaryIndexes':[{'IndexName':'hithere','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                    + "{'AttributeName':'x','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}]}");
            Map<String, Object> d = map(cp.call("DeleteTable", "{'TableName':'tbl'}").get("TableDescription"));
            assertThat(d.get("TableName")).isEqualTo("tbl");
            assertThat(d.get("TableStatus")).isEqualTo("DELETING");
            assertThat((String) d.get("TableArn")).startsWith("arn:");
            assertThat((String) d.get("TableId")).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
            assertThat(map(d.get("BillingModeSummary"))).containsEntry("BillingMode", "PAY_PER_REQUEST")
                    .containsKey("LastUpdateToPayPerRequestDateTime");
            assertThat(map(d.get("ProvisionedThroughput"))).containsEntry("ReadCapacityUnits", BigDecimal.ZERO)
                    .containsEntry("NumberOfDecreasesToday", BigDecimal.ZERO);
            assertThat(d).containsKeys("TableSizeBytes", "ItemCount").doesNotContainKeys("CreationDateTime", "KeySchema",
                    "AttributeDefinitions", "GlobalSecondaryIndexes", "LocalSecondaryIndexes");
        }
    }

    @Nested class Validation {
        @Test void missingTableIsResourceNotFound() {
            ApiException e = cp.fail("DeleteTable", "{'TableName':'nothing_here'}");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Requested resource not found: Table: nothing_here not found");
        }

        @Test void deletionProtectionRefuses() {
            cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','DeletionProtectionEnabled':true,"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
            assertThat(cp.fail("DeleteTable", "{'TableName':'tbl'}").getMessage())
                    .isEqualTo("Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
            assertThat(cp.engine.catalog().get("tbl")).isNotNull();
        }

        @Test void creatingTableIsInUse() {
            ControlPlane slow = new ControlPlane(Settings.defaults().withTableCreateDelay(Duration.ofSeconds(3)));
            slow.createSimple("tbl", false);
            ApiException e = slow.fail("DeleteTable", "{'TableName':'tbl'}");
            assertThat(e.name()).isEqualTo("ResourceInUseException");
            assertThat(e.getMessage()).isEqualTo("Attempt to change a resource which is still in use: Table is being created: tbl");
        }
    }

    @Nested class Behaviour {
        @Test void dataOfTableAndIndexesIsRemovedAndNameIsFree() {
            cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}");
            TableMetadata t = cp.engine.catalog().get("tbl");
            long gsi = t.globalIndexes().get(0).keyspaceId();
            cp.storage.write(new WriteBatch().put(Keyspaces.key(t.keyspaceId(), new byte[] {1}), new byte[] {9})
                    .put(Keyspaces.key(gsi, new byte[] {1}), new byte[] {9}));
            cp.call("DeleteTable", "{'TableName':'tbl'}");
            assertThat(keyspaceEmpty(t.keyspaceId())).isTrue();
            assertThat(keyspaceEmpty(gsi)).isTrue();
            assertThat(cp.fail("DescribeTable", "{'TableName':'tbl'}").name()).isEqualTo("ResourceNotFoundException");
            cp.createSimple("tbl", false);
            assertThat(cp.engine.catalog().get("tbl").keyspaceId()).isGreaterThan(gsi);
        }

        @Test void deleteDelayShowsDeletingThenGone() {
            ControlPlane slow = new ControlPlane(Settings.defaults().withTableDeleteDelay(Duration.ofSeconds(10)));
            slow.createSimple("tbl", false);
            slow.call("DeleteTable", "{'TableName':'tbl'}");
            assertThat(slow.describe("tbl").get("TableStatus")).isEqualTo("DELETING");
            assertThat(slow.fail("DeleteTable", "{'TableName':'tbl'}").name()).isEqualTo("ResourceInUseException");
            assertThat(slow.fail("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':"
                    + "[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}")
                    .name()).isEqualTo("ResourceInUseException");
            slow.clock.advance(Duration.ofSeconds(10));
            assertThat(slow.fail("DescribeTable", "{'TableName':'tbl'}").name()).isEqualTo("ResourceNotFoundException");
        }

        @Test void statisticsAtDeletionAreReported() {
            cp.createSimple("tbl", false);
            cp.engine.catalog().statistics("tbl").record(3, 30);
            Map<String, Object> d = map(cp.call("DeleteTable", "{'TableName':'tbl'}").get("TableDescription"));
            assertThat(d.get("ItemCount")).isEqualTo(BigDecimal.valueOf(3));
            assertThat(d.get("TableSizeBytes")).isEqualTo(BigDecimal.valueOf(330));
        }
    }
}
