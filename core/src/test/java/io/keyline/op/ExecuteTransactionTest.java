package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static io.keyline.op.PartiqlCalls.items;
import static io.keyline.op.PartiqlCalls.members;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ExecuteTransactionTest {
    private final ControlPlane cp = new ControlPlane();
    private final PartiqlCalls ql = new PartiqlCalls(cp);

    @BeforeEach void table() {
        cp.call("CreateTable", "{'TableName':'Music','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'Artist','KeyType':'HASH'},{'AttributeName':'SongTitle','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'Artist','AttributeType':'S'},{'AttributeName':'SongTitle','AttributeType':'S'}]}");
        ql.execute("INSERT INTO Music VALUE {'Artist':'No One You Know','SongTitle':'Call Me Today'}");
        ql.execute("INSERT INTO Music VALUE {'Artist':'Acme Band','SongTitle':'PartiQL Rocks'}");
    }

    private Map<String, Object> tx(String members, String rest) {
        return ql.run("ExecuteTransaction", PartiqlCalls.list("TransactStatements", members, rest));
    }

    private ApiException txFails(String members, String rest) {
        return ql.fail("ExecuteTransaction", PartiqlCalls.list("TransactStatements", members, rest));
    }

    private static final String DOCS_EXAMPLE = members(
            "EXISTS(SELECT * FROM Music where Artist='No One You Know' and SongTitle='Call Me Today' and Awards is  MISSING)", "",
            "INSERT INTO Music value {'Artist':?,'SongTitle':?}", "'Parameters':[{'S':'Acme Band'},{'S':'Best Song'}]",
            "UPDATE Music SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]}  where Artist='Acme Band' and SongTitle='PartiQL Rocks'", "");

    @Nested class Validation {
        @Test void readsAndWritesDoNotMix() {
            assertThat(txFails(members("SELECT * FROM Music WHERE Artist='a' AND SongTitle='b'", "",
                    "DELETE FROM Music WHERE Artist='a' AND SongTitle='b'", ""), "").getMessage())
                    .isEqualTo("ExecuteTransaction API does not support both read and write operations in the same request.");
        }

        @Test void noReturning() {
            assertThat(txFails(members("DELETE FROM Music WHERE Artist='a' AND SongTitle='b' RETURNING ALL OLD *", ""), "").getMessage())
                    .isEqualTo("Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction.");
        }

        @Test void oneStatementPerItem() {
            assertThat(txFails(members("DELETE FROM Music WHERE Artist='a' AND SongTitle='b'", "",
                    "UPDATE Music SET x = 1 WHERE Artist='a' AND SongTitle='b'", ""), "").getMessage())
                    .isEqualTo("Transaction request cannot include multiple operations on one item");
        }
    }

    @Nested class Behaviour {
        @Test void theDocumentationsExampleCommitsAllOrNothing() {
            Map<String, Object> r = tx(DOCS_EXAMPLE, "'ReturnConsumedCapacity':'TOTAL'");
            assertThat(list(r.get("Responses"))).hasSize(3);
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Artist='Acme Band'"))).hasSize(2);
            // the same again: the INSERT now finds its item, the EXISTS still holds
            ApiException e = txFails(DOCS_EXAMPLE, "");
            assertThat(e.name()).isEqualTo("TransactionCanceledException");
            assertThat(e.getMessage()).isEqualTo("Transaction cancelled, please refer cancellation reasons for specific reasons [None, DuplicateItem, None]");
            List<Object> reasons = list(e.extras().get("CancellationReasons"));
            assertThat(map(reasons.get(1))).containsEntry("Code", "DuplicateItem").containsEntry("Message", "Duplicate primary key exists in table");
        }

        @Test void aFailedExistsCancels() {
            ql.execute("UPDATE Music SET Awards = 1 WHERE Artist='No One You Know' AND SongTitle='Call Me Today'");
            ApiException e = txFails(DOCS_EXAMPLE, "");
            assertThat(e.getMessage()).endsWith("[ConditionalCheckFailed, None, None]");
            assertThat(items(ql.execute("SELECT * FROM Music WHERE Artist='Acme Band' AND SongTitle='Best Song'"))).isEmpty();
        }

        @Test void aClientRequestTokenMakesItIdempotent() {
            tx(DOCS_EXAMPLE, "'ClientRequestToken':'t1'");
            tx(DOCS_EXAMPLE, "'ClientRequestToken':'t1'");
            assertThat(txFails(members("DELETE FROM Music WHERE Artist='a' AND SongTitle='b'", ""), "'ClientRequestToken':'t1'").name())
                    .isEqualTo("IdempotentParameterMismatchException");
        }

        @Test void readsAreTransactionalGets() {
            Map<String, Object> r = tx(members("SELECT SongTitle FROM Music WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'", "",
                    "SELECT * FROM Music WHERE Artist='nobody' AND SongTitle='x'", ""), "'ReturnConsumedCapacity':'TOTAL'");
            assertThat(list(r.get("Responses"))).containsExactly(Map.of("Item", Map.of("SongTitle", Map.of("S", "PartiQL Rocks"))), Map.of());
            assertThat(map(list(r.get("ConsumedCapacity")).get(0)).get("CapacityUnits")).isEqualTo(new java.math.BigDecimal("4.0"));
        }
    }
}
