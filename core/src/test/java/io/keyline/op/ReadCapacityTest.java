package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Consumed capacity of Query and Scan pages through the real engine (B.2). */
class ReadCapacityTest {
    private static final int KB = 1024;
    private final ControlPlane cp = new ControlPlane(ControlPlane.enforcing());

    private static double units(Map<String, Object> response) {
        return ((Number) map(response.get("ConsumedCapacity")).get("CapacityUnits")).doubleValue();
    }

    @Test void scanOfANewTableCostsOneBlockPerPartition() { // B.2 [obs ALT-T-RCC test_scan_consumed_capacity]: 4 / 2
        cp.createSimple("sss", false);
        cp.call("PutItem", "{'TableName':'sss','Item':{'p':{'S':'a'}}}");
        assertThat(units(cp.call("Scan", "{'TableName':'sss','ConsistentRead':true,'ReturnConsumedCapacity':'TOTAL'}"))).isEqualTo(4.0);
        assertThat(units(cp.call("Scan", "{'TableName':'sss','ReturnConsumedCapacity':'TOTAL'}"))).isEqualTo(2.0);
    }

    @Test void querySumsSizesBeforeRounding() { // B.2 [doc, AWS-QRY]: summed, then rounded up once
        cp.createSimple("ttt", true);
        for (int i = 0; i < 10; i++) {
            cp.call("PutItem", "{'TableName':'ttt','Item':{'p':{'S':'k'},'c':{'S':'" + i + "'},'n':{'S':'" + i + "'},'a':{'S':'" + "x".repeat(KB) + "'}}}");
        }
        // 10 items of ~1 KB: ~10 KB → 3 blocks, not 10
        Map<String, Object> r = cp.call("Query", "{'TableName':'ttt','KeyConditionExpression':'p = :p','ConsistentRead':true,"
                + "'ExpressionAttributeValues':{':p':{'S':'k'}},'ReturnConsumedCapacity':'TOTAL'}");
        assertThat(units(r)).isEqualTo(3.0);
        // the filter does not reduce the cost (B.2 [doc, AWS-QRY])
        Map<String, Object> filtered = cp.call("Query", "{'TableName':'ttt','KeyConditionExpression':'p = :p','ConsistentRead':true,"
                + "'FilterExpression':'n = :c','ExpressionAttributeValues':{':p':{'S':'k'},':c':{'S':'1'}},'ReturnConsumedCapacity':'TOTAL'}");
        assertThat(filtered.get("Count")).isEqualTo(java.math.BigDecimal.ONE);
        assertThat(units(filtered)).isEqualTo(3.0);
        assertThat(units(cp.call("Query", "{'TableName':'ttt','KeyConditionExpression':'p = :p',"
                + "'ExpressionAttributeValues':{':p':{'S':'none'}},'ReturnConsumedCapacity':'TOTAL'}"))).isEqualTo(0.5);
    }

    @Test void aGsiQueryDrawsFromTheGsiAndShowsOnlyIt() { // B.2 [obs ALT-T-RCC indexes], AWS-GSI
        cp.call("CreateTable", "{'TableName':'ggg','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}");
        cp.call("PutItem", "{'TableName':'ggg','Item':{'p':{'S':'k'},'g':{'S':'G'}}}");
        Map<String, Object> cc = map(cp.call("Query", "{'TableName':'ggg','IndexName':'byG','KeyConditionExpression':'g = :g',"
                + "'ExpressionAttributeValues':{':g':{'S':'G'}},'ReturnConsumedCapacity':'INDEXES'}").get("ConsumedCapacity"));
        assertThat(cc).doesNotContainKey("Table");
        assertThat(((Number) map(map(cc.get("GlobalSecondaryIndexes")).get("byG")).get("CapacityUnits")).doubleValue()).isEqualTo(0.5);
        CapacitySnapshot.TableSnapshot t = cp.engine.capacity().snapshot().tables().get(0);
        assertThat(t.table().consumedRead()).isZero();
        assertThat(t.globalSecondaryIndexes().get(0).consumedRead()).isEqualTo(0.5);
    }
}
