package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The statuses a GSI goes through as UpdateTable adds or deletes it: DELETING for the delete
 * delay (--table-delete-delay) before it is gone, and no reads while it is not ACTIVE. The
 * text for a backfilling index is DynamoDB's (quoted in StackOverflow question 59322281,
 * "Cannot read from backfilling global secondary index"); a DELETING index is answered as a
 * missing one (DynamoDB's text for that) [inf].
 */
class IndexStatusTest {
    private static final Duration DELAY = Duration.ofSeconds(5);

    private final ControlPlane cp = new ControlPlane(Settings.defaults().withTableDeleteDelay(DELAY)
            .withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT)));

    private void createWithIndex() {
        cp.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}");
        cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'x':{'S':'b'}}}");
    }

    private static final String QUERY = "{'TableName':'tbl','IndexName':'gsi','KeyConditionExpression':'x = :x',"
            + "'ExpressionAttributeValues':{':x':{'S':'b'}}}";

    private String indexStatus() {
        Object gsis = cp.describe("tbl").get("GlobalSecondaryIndexes");
        return gsis == null ? null : (String) map(list(gsis).get(0)).get("IndexStatus");
    }

    @Test void aDeletedIndexIsDeletingForTheDelayThenGone() {
        createWithIndex();
        Map<String, Object> d = map(cp.call("UpdateTable", "{'TableName':'tbl','GlobalSecondaryIndexUpdates':[{'Delete':"
                + "{'IndexName':'gsi'}}]}").get("TableDescription"));
        assertThat(map(list(d.get("GlobalSecondaryIndexes")).get(0)).get("IndexStatus")).isEqualTo("DELETING");
        assertThat(indexStatus()).isEqualTo("DELETING");
        cp.clock.advance(DELAY.minusMillis(1));
        assertThat(indexStatus()).isEqualTo("DELETING");
        cp.clock.advance(Duration.ofMillis(1));
        assertThat(indexStatus()).isNull();
        assertThat(cp.engine.catalog().get("tbl").globalIndexes()).isEmpty();
    }

    @Test void aDeletingIndexServesNoReadsTakesNoWritesAndCannotBeCreatedAgainYet() {
        createWithIndex();
        cp.call("UpdateTable", "{'TableName':'tbl','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'gsi'}}]}");
        ApiException e = cp.fail("Query", QUERY);
        assertThat(e.name()).isEqualTo("ValidationException");
        assertThat(e.getMessage()).isEqualTo("The table does not have the specified index: gsi");
        assertThat(cp.fail("Scan", "{'TableName':'tbl','IndexName':'gsi'}").getMessage())
                .isEqualTo("The table does not have the specified index: gsi");
        // writes go on without the index, even with a value its key could not hold
        cp.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'c'},'x':{'N':'1'}}}");
        assertThat(cp.fail("UpdateTable", "{'TableName':'tbl','AttributeDefinitions':[{'AttributeName':'x','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}}]}").getMessage()).contains("already exists");
        cp.clock.advance(DELAY);
        assertThat(cp.fail("Query", QUERY).getMessage()).isEqualTo("The table does not have the specified index: gsi");
    }

    @Test void withoutADelayTheIndexIsGoneAtOnce() {
        ControlPlane quick = new ControlPlane();
        quick.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}");
        Map<String, Object> d = map(quick.call("UpdateTable", "{'TableName':'tbl','GlobalSecondaryIndexUpdates':[{'Delete':"
                + "{'IndexName':'gsi'}}]}").get("TableDescription"));
        assertThat(d).doesNotContainKey("GlobalSecondaryIndexes");
    }

    @Test void aDeletingIndexSurvivesARestartUntilItsDelayHasPassed() {
        createWithIndex();
        cp.call("UpdateTable", "{'TableName':'tbl','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'gsi'}}]}");
        var reopened = new io.keyline.engine.Engine(cp.storage, cp.clock, Settings.defaults().withTableDeleteDelay(DELAY));
        assertThat(reopened.catalog().get("tbl").globalIndexes().get(0).status()).isEqualTo(io.keyline.metadata.TableStatus.DELETING);
        cp.clock.advance(DELAY);
        assertThat(reopened.catalog().get("tbl").globalIndexes()).isEmpty();
    }

    @Test void anIndexBeingCreatedCannotBeReadUntilItIsActive() {
        ControlPlane slow = new ControlPlane(Settings.defaults().withTableCreateDelay(DELAY)
                .withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT)));
        slow.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}");
        // the empty table and its index are CREATING: no read until both are ACTIVE
        assertThat(map(list(slow.describe("tbl").get("GlobalSecondaryIndexes")).get(0)).get("IndexStatus")).isEqualTo("CREATING");
        assertThat(slow.fail("Query", QUERY).name()).isEqualTo("ResourceNotFoundException");
        slow.clock.advance(DELAY);
        assertThat(slow.call("Query", QUERY).get("Count")).isEqualTo(java.math.BigDecimal.ZERO);
    }

    /** An index added by UpdateTable waits out --table-create-delay in CREATING, on an empty table as on one with items. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void anIndexAddedByUpdateTableIsCreatingForTheCreateDelay(boolean withItems) throws InterruptedException {
        ControlPlane slow = new ControlPlane(Settings.defaults().withTableCreateDelay(DELAY)
                .withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT)));
        slow.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
        slow.clock.advance(DELAY);
        if (withItems) slow.call("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'a'},'x':{'S':'b'}}}");
        slow.call("UpdateTable", "{'TableName':'tbl','AttributeDefinitions':[{'AttributeName':'x','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}}]}");
        assertThat(slow.engine.indexes().awaitBackfills(Duration.ofMillis(200))).as("the backfill waits for the delay").isFalse();
        assertThat(map(list(slow.describe("tbl").get("GlobalSecondaryIndexes")).get(0)).get("IndexStatus")).isEqualTo("CREATING");
        assertThat(slow.fail("Query", QUERY).getMessage()).isEqualTo("Cannot read from backfilling global secondary index: gsi");
        slow.clock.advance(DELAY);
        assertThat(slow.engine.indexes().awaitBackfills(Duration.ofSeconds(10))).isTrue();
        assertThat(map(list(slow.describe("tbl").get("GlobalSecondaryIndexes")).get(0)).get("IndexStatus")).isEqualTo("ACTIVE");
        assertThat(slow.call("Query", QUERY).get("Count")).isEqualTo(java.math.BigDecimal.valueOf(withItems ? 1 : 0));
    }

    @Test void aCreatingIndexIsRefusedBelowTheOperations() {
        createWithIndex();
        var table = cp.engine.catalog().get("tbl");
        var creating = table.globalIndexes().get(0).withStatus(io.keyline.metadata.TableStatus.CREATING);
        ApiException e = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> io.keyline.engine.api.ReadTarget.index(table, creating));
        assertThat(e.getMessage()).isEqualTo("Cannot read from backfilling global secondary index: gsi");
    }
}
