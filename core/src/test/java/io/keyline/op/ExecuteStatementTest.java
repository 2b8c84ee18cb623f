package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static io.keyline.op.PartiqlCalls.items;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ExecuteStatementTest {
    private final ControlPlane cp = new ControlPlane();
    private final PartiqlCalls ql = new PartiqlCalls(cp);

    @BeforeEach void tables() {
        cp.call("CreateTable", "{'TableName':'Music','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'Artist','KeyType':'HASH'},{'AttributeName':'SongTitle','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'Artist','AttributeType':'S'},{'AttributeName':'SongTitle','AttributeType':'S'},"
                + "{'AttributeName':'Year','AttributeType':'N'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'ByYear','KeySchema':[{'AttributeName':'Year','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}");
        cp.call("CreateTable", "{'TableName':'Orders','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'OrderID','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'OrderID','AttributeType':'N'}]}");
        for (int i = 1; i <= 5; i++) ql.execute("INSERT INTO Orders VALUE {'OrderID': " + i + ", 'Total': " + (i * 200) + "}");
    }

    private static List<Object> ids(Map<String, Object> response) {
        List<Object> out = new ArrayList<>();
        for (Map<String, Object> item : items(response)) out.add(map(item.get("OrderID")).get("N"));
        return out;
    }

    @Nested class Serialization {
        @Test void statementMustBeAString() {
            assertThat(cp.fail("ExecuteStatement", "{'Statement':7}").name()).isEqualTo("SerializationException");
        }

        @Test void statementIsRequired() {
            assertThat(cp.fail("ExecuteStatement", "{}").getMessage()).contains("Member must not be null");
        }
    }

    @Nested class Validation {
        @Test void malformed() {
            assertThat(ql.executeFails("SELEC * FROM Orders").getMessage())
                    .isEqualTo("Statement wasn't well formed, can't be processed: Expected data manipulation");
        }

        @Test void missingTable() {
            assertThat(ql.executeFails("SELECT * FROM Nope").name()).isEqualTo("ResourceNotFoundException");
        }

        @Test void updateNeedsTheWholeKey() {
            assertThat(ql.executeFails("UPDATE Music SET x = 1 WHERE Artist = 'a'").getMessage())
                    .isEqualTo("Where clause does not contain a mandatory equality on all key attributes");
        }

        @Test void orderByNeedsThePartitionKey() {
            assertThat(ql.executeFails("SELECT * FROM Orders ORDER BY OrderID").getMessage())
                    .isEqualTo("Must have WHERE clause in the statement when using ORDER BY clause.");
            assertThat(ql.executeFails("SELECT * FROM Orders WHERE Total > 1 ORDER BY OrderID").getMessage())
                    .isEqualTo("Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
        }

        @Test void consistentReadOnAGsi() {
            assertThat(ql.executeFails("SELECT * FROM \"Music\".\"ByYear\" WHERE \"Year\" = 2020", "'ConsistentRead':true").getMessage())
                    .isEqualTo("Strongly consistent read is not supported on Global Secondary Indexes");
        }

        @Test void parametersMustMatchThePlaceholders() {
            assertThat(ql.executeFails("SELECT * FROM Orders WHERE OrderID = ?").getMessage())
                    .isEqualTo("Number of parameters in request and statement don't match.");
        }

        @Test void deleteReturnsOnlyAllOld() {
            assertThat(ql.executeFails("DELETE FROM Orders WHERE OrderID = 1 RETURNING ALL NEW *").getMessage())
                    .isEqualTo("Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
        }

        @Test void aNextTokenOfAnotherStatement() {
            String token = (String) ql.execute("SELECT * FROM Orders", "'Limit':1").get("NextToken");
            assertThat(ql.executeFails("SELECT * FROM Orders WHERE Total > 0", "'NextToken':'" + token + "'").getMessage())
                    .isEqualTo("NextToken does not match request");
            assertThat(ql.executeFails("SELECT * FROM Orders", "'NextToken':'garbage'").getMessage()).isEqualTo("Invalid NextToken");
        }
    }

    @Nested class Behaviour {
        @Test void insertThenSelectByKey() {
            ql.execute("INSERT INTO \"Music\" value {'Artist' : 'Acme Band','SongTitle' : 'PartiQL Rocks', 'Year': 2020}");
            Map<String, Object> r = ql.execute("SELECT SongTitle, \"Year\" FROM Music WHERE Artist = ? AND SongTitle = ?",
                    "'Parameters':[{'S':'Acme Band'},{'S':'PartiQL Rocks'}]");
            assertThat(items(r)).containsExactly(Map.of("SongTitle", Map.of("S", "PartiQL Rocks"), "Year", Map.of("N", "2020")));
        }

        @Test void insertingAnExistingItemIsADuplicate() {
            ApiException e = ql.executeFails("INSERT INTO Orders VALUE {'OrderID': 1}");
            assertThat(e.name()).isEqualTo("DuplicateItemException");
            assertThat(e.getMessage()).isEqualTo("Duplicate primary key exists in table");
        }

        @Test void updateSetsRemovesAndReturns() {
            Map<String, Object> r = ql.execute("UPDATE Orders SET Total = Total + 1 SET Tags = <<'a'>> REMOVE Nothing "
                    + "WHERE OrderID = 2 RETURNING ALL NEW *");
            assertThat(items(r)).hasSize(1);
            assertThat(items(r).get(0)).containsEntry("Total", Map.of("N", "401")).containsKey("Tags");
            Map<String, Object> modified = ql.execute("UPDATE Orders SET Tags = set_add(Tags, <<'b'>>) WHERE OrderID = 2 RETURNING MODIFIED OLD *");
            assertThat(items(modified).get(0)).containsOnlyKeys("Tags");
            Map<String, Object> removed = ql.execute("UPDATE Orders SET Tags = set_delete(Tags, <<'a'>>) WHERE OrderID = 2 RETURNING MODIFIED NEW *");
            assertThat(items(removed).get(0)).isEqualTo(Map.of("Tags", Map.of("SS", List.of("b"))));
        }

        @Test void updateNeverCreatesAnItemAndChecksItsConditions() {
            assertThat(ql.executeFails("UPDATE Orders SET Total = 1 WHERE OrderID = 99").name()).isEqualTo("ConditionalCheckFailedException");
            assertThat(ql.executeFails("UPDATE Orders SET Total = 1 WHERE OrderID = 1 AND Total > 500").name())
                    .isEqualTo("ConditionalCheckFailedException");
            assertThat(items(ql.execute("SELECT * FROM Orders WHERE OrderID = 99"))).isEmpty();
        }

        @Test void deleteOfAMissingItemSucceedsAndAFalseConditionFails() {
            assertThat(items(ql.execute("DELETE FROM Orders WHERE OrderID = 99 AND Total = 5 RETURNING ALL OLD *"))).isEmpty();
            assertThat(ql.executeFails("DELETE FROM Orders WHERE OrderID = 1 AND Total = 5").name()).isEqualTo("ConditionalCheckFailedException");
            Map<String, Object> r = ql.execute("DELETE FROM Orders WHERE OrderID = 1 AND Total = 200 RETURNING ALL OLD *");
            assertThat(items(r).get(0)).containsEntry("Total", Map.of("N", "200"));
        }

        @Test void inWithOrderByReadsThosePartitionsInOrder() {
            assertThat(ids(ql.execute("SELECT OrderID, Total FROM \"Orders\" WHERE OrderID IN [1, 2, 3] ORDER BY OrderID DESC")))
                    .containsExactly("3", "2", "1");
            assertThat(ids(ql.execute("SELECT OrderID, Total FROM \"Orders\" WHERE OrderID = 1 OR OrderID = 2 ORDER BY OrderID")))
                    .containsExactly("1", "2");
        }

        @Test void aFilterOnANonKeyAttributeIsAScan() {
            assertThat(ids(ql.execute("SELECT OrderID, Total FROM \"Orders\" WHERE Total > 500"))).containsExactlyInAnyOrder("3", "4", "5");
            assertThat(ids(ql.execute("SELECT OrderID, Total FROM \"Orders\" WHERE Total IN [400, 600]"))).containsExactlyInAnyOrder("2", "3");
            assertThat(ids(ql.execute("SELECT OrderID, Total FROM \"Orders\" WHERE Total BETWEEN 500 AND 600"))).containsExactly("3");
        }

        @Test void limitAndNextTokenPageAScan() {
            List<Object> seen = new ArrayList<>();
            String token = null;
            int pages = 0;
            do {
                Map<String, Object> r = ql.execute("SELECT * FROM Orders", "'Limit':2" + (token == null ? "" : ",'NextToken':'" + token + "'"));
                seen.addAll(ids(r));
                token = (String) r.get("NextToken");
                pages++;
            } while (token != null);
            assertThat(seen).containsExactlyInAnyOrder("1", "2", "3", "4", "5");
            assertThat(pages).isEqualTo(3);
        }

        @Test void limitAndNextTokenPageAnInList() {
            Map<String, Object> first = ql.execute("SELECT * FROM Orders WHERE OrderID IN [5, 4, 3]", "'Limit':2");
            assertThat(ids(first)).containsExactly("5", "4");
            Map<String, Object> second = ql.execute("SELECT * FROM Orders WHERE OrderID IN [5, 4, 3]",
                    "'Limit':2,'NextToken':'" + first.get("NextToken") + "'");
            assertThat(ids(second)).containsExactly("3");
            assertThat(second).doesNotContainKey("NextToken");
        }

        @Test void aQueryCostsWhatTheEquivalentQueryCosts() {
            Map<String, Object> ql1 = ql.execute("SELECT * FROM Orders WHERE OrderID = 3", "'ReturnConsumedCapacity':'TOTAL'");
            Map<String, Object> q = cp.call("Query", "{'TableName':'Orders','KeyConditionExpression':'OrderID = :v',"
                    + "'ExpressionAttributeValues':{':v':{'N':'3'}},'ReturnConsumedCapacity':'TOTAL'}");
            assertThat(ql1.get("ConsumedCapacity")).isEqualTo(q.get("ConsumedCapacity"));
            Map<String, Object> scan = ql.execute("SELECT * FROM Orders WHERE Total = 1", "'ReturnConsumedCapacity':'TOTAL','ConsistentRead':true");
            Map<String, Object> s = cp.call("Scan", "{'TableName':'Orders','ReturnConsumedCapacity':'TOTAL','ConsistentRead':true}");
            assertThat(scan.get("ConsumedCapacity")).isEqualTo(s.get("ConsumedCapacity"));
        }

        @Test void aWriteCostsWhatTheEquivalentWriteCosts() {
            Map<String, Object> w = ql.execute("UPDATE Orders SET Note = 'x' WHERE OrderID = 4", "'ReturnConsumedCapacity':'TOTAL'");
            Map<String, Object> u = cp.call("UpdateItem", "{'TableName':'Orders','Key':{'OrderID':{'N':'5'}},'UpdateExpression':'SET Note = :x',"
                    + "'ExpressionAttributeValues':{':x':{'S':'x'}},'ReturnConsumedCapacity':'TOTAL'}");
            assertThat(w.get("ConsumedCapacity")).isEqualTo(u.get("ConsumedCapacity"));
        }

        @Test void functionsMissingAndNestedPaths() {
            ql.execute("INSERT INTO Music VALUE {'Artist':'A','SongTitle':'s1','Devices':{'FireStick':{'DateWatched':['12/12/19','1/1/20']}},"
                    + "'Address':'7834 24th St, Kirkland','Image':'" + "x".repeat(400) + "'}");
            ql.execute("INSERT INTO Music VALUE {'Artist':'A','SongTitle':'s2','Awards':1}");
            assertThat(items(ql.execute("SELECT Devices.FireStick.DateWatched[0] FROM Music WHERE Artist = 'A' AND SongTitle = 's1'")))
                    .containsExactly(Map.of("Devices", Map.of("M", Map.of("FireStick", Map.of("M", Map.of("DateWatched",
                            Map.of("L", List.of(Map.of("S", "12/12/19")))))))));
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Devices.FireStick.DateWatched[0] >= '12/12/19'"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE \"Awards\" IS MISSING"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Artist = 'A' AND begins_with(\"Address\", '7834 24th')"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Artist = 'A' AND contains(\"Address\", 'Kirkland')"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Artist = 'A' AND size(\"Image\") > 300"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE attribute_type(\"Awards\", 'N')"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Artist = 'A' AND SongTitle > 's1'"))).hasSize(1);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Artist = 'A' AND NOT SongTitle = 's1' AND SongTitle <> 's3'"))).hasSize(1);
        }

        @Test void selectFromAnIndex() {
            ql.execute("INSERT INTO Music VALUE {'Artist':'A','SongTitle':'s1','Year':2020}");
            ql.execute("INSERT INTO Music VALUE {'Artist':'B','SongTitle':'s2','Year':2021}");
            assertThat(items(ql.execute("SELECT Artist FROM \"Music\".\"ByYear\" WHERE \"Year\" = 2020")))
                    .containsExactly(Map.of("Artist", Map.of("S", "A")));
        }
    }
}
