package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DescribeLimitsTest {
    @Nested class Serialization {
        @Test void reportsDynamoDbDefaults() {
            assertThat(new ControlPlane().call("DescribeLimits", "{}")).isEqualTo(Map.of(
                    "AccountMaxReadCapacityUnits", BigDecimal.valueOf(80000),
                    "AccountMaxWriteCapacityUnits", BigDecimal.valueOf(80000),
                    "TableMaxReadCapacityUnits", BigDecimal.valueOf(40000),
                    "TableMaxWriteCapacityUnits", BigDecimal.valueOf(40000)));
        }
    }

    @Nested class Behaviour {
        @Test void theTableLimitIsEnforcedByCreateTable() {
            ControlPlane cp = new ControlPlane();
            assertThat(cp.fail("CreateTable", "{'TableName':'tbl','ProvisionedThroughput':{'ReadCapacityUnits':1,"
                    + "'WriteCapacityUnits':40001},'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}").name()).isEqualTo("LimitExceededException");
        }
    }
}
