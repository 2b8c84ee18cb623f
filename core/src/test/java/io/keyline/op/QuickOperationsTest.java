package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.config.Settings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Which requests may run on the server's I/O thread ({@link Operation#quick}): reads always;
 * item writes unless they will wait for GSI changes to be applied (a table with GSIs and no
 * lag set); transactions and table changes never.
 */
class QuickOperationsTest {
    private static final String GSI_TABLE = "{'TableName':'withGsi','BillingMode':'PAY_PER_REQUEST',"
            + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
            + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
            + "'Projection':{'ProjectionType':'ALL'}}]}";

    private static boolean quick(ControlPlane cp, String op, String json) {
        return cp.operations.get(op).quick(ControlPlane.request(json));
    }

    private static ControlPlane withTables(Settings settings) {
        ControlPlane cp = new ControlPlane(settings);
        cp.createSimple("plain", false);
        cp.call("CreateTable", GSI_TABLE);
        return cp;
    }

    @Test
    void readsAreAlwaysQuick() {
        ControlPlane cp = withTables(Settings.defaults());
        for (String op : new String[] {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems", "DescribeTable", "ListTables"}) {
            assertThat(quick(cp, op, "{'TableName':'withGsi'}")).as(op).isTrue();
        }
    }

    @Test
    void writesThatWaitForGsiPropagationAreNotQuick() {
        ControlPlane cp = withTables(Settings.defaults());
        for (String op : new String[] {"PutItem", "UpdateItem", "DeleteItem"}) {
            assertThat(quick(cp, op, "{'TableName':'plain'}")).as(op).isTrue();
            assertThat(quick(cp, op, "{'TableName':'withGsi'}")).as(op).isFalse();
            assertThat(quick(cp, op, "{'TableName':'missing'}")).as(op).isTrue();
            assertThat(quick(cp, op, "{'TableName':7}")).as(op).isTrue();
        }
        assertThat(quick(cp, "BatchWriteItem", "{'RequestItems':{'plain':[]}}")).isTrue();
        assertThat(quick(cp, "BatchWriteItem", "{'RequestItems':{'plain':[],'withGsi':[]}}")).isFalse();
        assertThat(quick(cp, "BatchWriteItem", "{'RequestItems':'nonsense'}")).isTrue();
    }

    @Test
    void withAGsiLagNoWriteWaits() {
        ControlPlane cp = withTables(Settings.defaults().withGsiLag(Duration.ofMillis(250)));
        assertThat(quick(cp, "PutItem", "{'TableName':'withGsi'}")).isTrue();
        assertThat(quick(cp, "BatchWriteItem", "{'RequestItems':{'withGsi':[]}}")).isTrue();
    }

    @Test
    void transactionsAndTableChangesAreNeverQuick() {
        ControlPlane cp = withTables(Settings.defaults());
        for (String op : new String[] {"TransactWriteItems", "CreateTable", "DeleteTable", "UpdateTable", "TagResource", "UntagResource"}) {
            assertThat(quick(cp, op, "{'TableName':'plain'}")).as(op).isFalse();
        }
    }
}
