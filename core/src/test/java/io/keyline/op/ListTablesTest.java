package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ListTablesTest {
    private final ControlPlane cp = new ControlPlane();

    @Nested class Serialization {
        @Test void limitMustBeANumber() {
            // Limit is an Integer in the service model; dynalite test/listTables.js (assertType 'Integer'), against DynamoDB.
            assertThat(cp.fail("ListTables", "{'Limit':'5'}").getMessage()).isEqualTo("STRING_VALUE cannot be converted to Integer");
        }

        @Test void emptyCatalogListsNothing() {
            assertThat(cp.call("ListTables", "{}")).isEqualTo(Map.of("TableNames", List.of()));
        }
    }

    @Nested class Validation {
        @Test void limitIsOneToHundred() {
            assertThat(cp.fail("ListTables", "{'Limit':101}").getMessage()).isEqualTo("1 validation error detected: Value '101' "
                    + "at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100");
            assertThat(cp.fail("ListTables", "{'Limit':0}").getMessage()).contains("greater than or equal to 1");
        }

        @Test void exclusiveStartTableNameFollowsNameRules() {
            assertThat(cp.fail("ListTables", "{'ExclusiveStartTableName':'x'}").getMessage())
                    .contains("at 'exclusiveStartTableName' failed to satisfy constraint: Member must have length greater than or equal to 3");
        }
    }

    @Nested class Behaviour {
        @Test void pagesInNameOrder() {
            for (String n : new String[] {"ccc", "aaa", "bbb", "ddd"}) cp.createSimple(n, false);
            Map<String, Object> first = cp.call("ListTables", "{'Limit':3}");
            assertThat(first.get("TableNames")).isEqualTo(List.of("aaa", "bbb", "ccc"));
            assertThat(first.get("LastEvaluatedTableName")).isEqualTo("ccc");
            Map<String, Object> second = cp.call("ListTables", "{'Limit':3,'ExclusiveStartTableName':'ccc'}");
            assertThat(second).isEqualTo(Map.of("TableNames", List.of("ddd")));
        }

        @Test void everyLimitVisitsAllTables() {
            for (int i = 0; i < 7; i++) cp.createSimple("t_" + i, false);
            for (int limit : new int[] {1, 2, 3, 100}) {
                List<Object> all = new ArrayList<>();
                String start = null;
                do {
                    Map<String, Object> page = cp.call("ListTables", "{'Limit':" + limit
                            + (start == null ? "" : ",'ExclusiveStartTableName':'" + start + "'") + "}");
                    all.addAll(ControlPlane.list(page.get("TableNames")));
                    start = (String) page.get("LastEvaluatedTableName");
                } while (start != null);
                assertThat(all).hasSize(7);
            }
        }

        @Test void deletedTablesAreNotListed() {
            cp.createSimple("aaa", false);
            cp.createSimple("bbb", false);
            cp.call("DeleteTable", "{'TableName':'aaa'}");
            assertThat(cp.call("ListTables", "{}").get("TableNames")).isEqualTo(List.of("bbb"));
        }
    }
}
