package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static io.keyline.op.PartiqlCalls.items;
import static io.keyline.op.PartiqlCalls.members;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class BatchExecuteStatementTest {
    private final ControlPlane cp = new ControlPlane();
    private final PartiqlCalls ql = new PartiqlCalls(cp);

    @BeforeEach void table() {
        cp.call("CreateTable", "{'TableName':'Music','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'Artist','KeyType':'HASH'},{'AttributeName':'SongTitle','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'Artist','AttributeType':'S'},{'AttributeName':'SongTitle','AttributeType':'S'}]}");
    }

    private Map<String, Object> batch(String members, String rest) {
        return ql.run("BatchExecuteStatement", PartiqlCalls.list("Statements", members, rest));
    }

    @Nested class Validation {
        @Test void atMost25Statements() {
            String[] many = new String[52];
            for (int i = 0; i < 26; i++) {
                many[2 * i] = "INSERT INTO Music VALUE {'Artist':'a','SongTitle':'" + i + "'}";
                many[2 * i + 1] = "";
            }
            assertThat(ql.fail("BatchExecuteStatement", PartiqlCalls.list("Statements", members(many), "")).getMessage())
                    .contains("Member must have length less than or equal to 25");
        }

        @Test void readsAndWritesDoNotMix() {
            assertThat(ql.fail("BatchExecuteStatement", PartiqlCalls.list("Statements", members(
                    "INSERT INTO Music VALUE {'Artist':'a','SongTitle':'b'}", "",
                    "SELECT * FROM Music WHERE Artist='a' AND SongTitle='b'", ""), "")).getMessage())
                    .isEqualTo("Read and write requests together in the same batch is not supported.");
        }
    }

    @Nested class Behaviour {
        @Test void writesRunEachOnItsOwnWithPerStatementErrors() {
            Map<String, Object> r = batch(members(
                    "INSERT INTO Music value {'Artist':?,'SongTitle':?}", "'Parameters':[{'S':'Acme Band'},{'S':'Best Song'}]",
                    "UPDATE Music SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]}  where Artist='Acme Band' and SongTitle='PartiQL Rocks'", "",
                    "INSERT INTO Music value {'Artist':'Acme Band','SongTitle':'Best Song'}", "",
                    "DELETE FROM Music WHERE Artist='x'", ""), "'ReturnConsumedCapacity':'TOTAL'");
            List<Object> responses = list(r.get("Responses"));
            assertThat(responses).hasSize(4);
            assertThat(map(responses.get(0))).isEqualTo(Map.of("TableName", "Music"));
            assertThat(map(map(responses.get(1)).get("Error")).get("Code")).isEqualTo("ConditionalCheckFailed");
            assertThat(map(responses.get(1))).containsEntry("TableName", "Music");
            assertThat(map(map(responses.get(2)).get("Error"))).isEqualTo(Map.of("Code", "DuplicateItem", "Message", "Duplicate primary key exists in table"));
            assertThat(map(map(responses.get(3)).get("Error")).get("Code")).isEqualTo("ValidationError");
            assertThat(map(responses.get(3))).doesNotContainKey("TableName");
            assertThat(list(r.get("ConsumedCapacity"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music"))).hasSize(1);
        }

        @Test void readsAreGetItemsOfWholeKeys() {
            ql.execute("INSERT INTO Music VALUE {'Artist':'a','SongTitle':'b','x':1}");
            Map<String, Object> r = batch(members(
                    "SELECT x FROM Music WHERE Artist='a' AND SongTitle='b'", "'ConsistentRead':true",
                    "SELECT * FROM Music WHERE Artist='a' AND SongTitle='zz'", "",
                    "SELECT * FROM Music WHERE Artist='a'", ""), "'ReturnConsumedCapacity':'TOTAL'");
            List<Object> responses = list(r.get("Responses"));
            assertThat(map(responses.get(0))).isEqualTo(Map.of("TableName", "Music", "Item", Map.of("x", Map.of("N", "1"))));
            assertThat(map(responses.get(1))).isEqualTo(Map.of("TableName", "Music"));
            assertThat(map(map(responses.get(2)).get("Error")).get("Message"))
                    .isEqualTo("Select statements within BatchExecuteStatement must specify the primary key in the where clause.");
            // one strong read (1) and one eventual read of a missing item (0.5)
            assertThat(map(list(r.get("ConsumedCapacity")).get(0)).get("CapacityUnits")).isEqualTo(new java.math.BigDecimal("1.5"));
        }
    }
}
