package io.keyline.engine.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.engine.Engine;
import io.keyline.engine.api.NotOwner;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.error.ApiException;
import io.keyline.metadata.PrimaryKey;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.testing.MemoryCoordination;
import io.keyline.testing.OperationCalls;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Transactions whose items two nodes own (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS), with two
 * engines on one memory storage, a {@link MemoryCoordination}, a manual clock, and the loan
 * channel called in process (through the wire form, as between servers): the owner of the first
 * item coordinates and borrows the other; an item on loan is refused to the lender's own writes
 * and transactions until it is given back; a busy item cancels the borrower's transaction with
 * nothing written; a dead coordinator's loan ends once its lease ran out.
 */
class TransactionsAcrossOwnersTest {
    private static final String TABLE = "{'TableName':'txs','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
            + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}]}";
    private final ManualClockNodes cluster = new ManualClockNodes();
    private final ManualClock clock = cluster.clock;
    private final Map<String, Engine> nodes = new HashMap<>();
    private Engine a;
    private Engine b;

    @BeforeEach void twoNodesWithHalfTheRangesEach() {
        a = node("http://a");
        b = node("http://b");
        advance(GsiLogLease.RENEW_EVERY, a); // a sees b and lets half its ranges go after the grace
        clock.advance(Duration.ofMillis(Ownership.RELEASE_GRACE_MILLIS));
        waitFor(() -> a.ownership().ownRanges().size() == Ownership.RANGES / 2);
        for (int round = 0; b.ownership().ownRanges().size() < Ownership.RANGES / 2 && round < 10; round++) {
            advance(GsiLogLease.RENEW_EVERY, a, b); // b takes what a let go: a's rows are deleted one by one
        }
        assertThat(b.ownership().ownRanges()).hasSize(Ownership.RANGES / 2);
        advance(GsiLogLease.RENEW_EVERY, a, b); // each sees the other's ranges
        for (Engine e : nodes.values()) {
            e.borrower().sendThrough((node, body) -> nodes.get(node).itemLoans().handle(body));
        }
        call(a, "CreateTable", TABLE);
        waitFor(() -> {
            try {
                call(b, "DescribeTable", "{'TableName':'txs'}");
                return true;
            } catch (ApiException e) {
                return false;
            }
        });
    }

    @AfterEach void closeNodes() { cluster.close(); }

    private Engine node(String name) {
        Engine e = cluster.node(name, new io.keyline.testing.StorageView(cluster.data));
        nodes.put(name, e);
        return e;
    }

    private void advance(Duration d, Engine... engines) { cluster.advance(d, engines); }

    private static void waitFor(BooleanSupplier condition) { ManualClockNodes.waitFor(condition); }

    private static Map<String, Object> call(Engine node, String op, String json) {
        return OperationCalls.call(new Operations(node), op, json);
    }

    /** As the server does: a request another node decides is forwarded to it, and served there as forwarded. */
    private Map<String, Object> send(Engine node, String op, String json) {
        try {
            return call(node, op, json);
        } catch (NotOwner e) {
            assertThat(e.address()).isNotEmpty();
            return Ownership.servingForwarded(() -> call(nodes.get(e.address()), op, json));
        }
    }

    /** A partition key whose range {@code owner} owns. */
    private String keyOf(Engine owner, String prefix) {
        for (int i = 0; ; i++) {
            String key = prefix + i;
            if (owner.ownership().ownerOf(KeyCodec.token(AttributeValue.s(key))).equals(owner.ownership().self())) return key;
        }
    }

    private static String put(String p, String g, int n) {
        return "{'Put':{'TableName':'txs','Item':{'p':{'S':'" + p + "'},'g':{'S':'" + g + "'},'n':{'N':'" + n + "'}}}}";
    }

    private static String transaction(String... actions) {
        return "{'TransactItems':[" + String.join(",", actions) + "]}";
    }

    private Map<String, Object> get(Engine node, String p) {
        return call(node, "GetItem", "{'TableName':'txs','Key':{'p':{'S':'" + p + "'}},'ConsistentRead':true}");
    }

    private int loansOn(Engine lender) { return lender.itemLoans().size(); }

    @Test void theOwnerOfTheFirstItemCoordinatesAndBorrowsTheOthers() {
        String x = keyOf(a, "x");
        String y = keyOf(b, "y");
        String tx = transaction(put(y, "g1", 1), put(x, "g1", 1));
        assertThatThrownBy(() -> call(a, "TransactWriteItems", tx))
                .isInstanceOfSatisfying(NotOwner.class, e -> assertThat(e.address()).isEqualTo("http://b"));
        send(a, "TransactWriteItems", tx);
        assertThat(get(a, x)).containsKey("Item");
        assertThat(get(b, y)).containsKey("Item");
        waitFor(() -> loansOn(a) == 0); // given back once b's log applied the transaction's index records
        Map<String, Object> index = send(b, "Query", "{'TableName':'txs','IndexName':'byG','KeyConditionExpression':'g = :g',"
                + "'ExpressionAttributeValues':{':g':{'S':'g1'}}}");
        assertThat(((Number) index.get("Count")).intValue()).isEqualTo(2);
        // given back: the lender writes its item again
        call(a, "PutItem", "{'TableName':'txs','Item':{'p':{'S':'" + x + "'},'n':{'N':'2'}}}");
    }

    @Test void anItemOnLoanIsRefusedToTheLendersWritesAndTransactionsUntilItIsGivenBack() {
        String x = keyOf(a, "x");
        String other = keyOf(a, "o");
        byte[] stored = storedKey(a, x);
        LoanMessages.Answer lent = LoanMessages.Answer.decode(a.itemLoans().handle(
                new LoanMessages.Lend("http://b", 1, List.of(KeyCodec.token(AttributeValue.s(x))), List.of(stored)).encode()));
        assertThat(lent.status()).isEqualTo(LoanMessages.Status.LENT);
        assertThat(lent.termEndMillis()).isGreaterThan(clock.millis());

        ApiException write = OperationCalls.fail(new Operations(a), "PutItem", "{'TableName':'txs','Item':{'p':{'S':'" + x + "'}}}");
        assertThat(write.name()).isEqualTo("TransactionConflictException");
        ApiException cancelled = OperationCalls.fail(new Operations(a), "TransactWriteItems", transaction(put(other, "g", 1), put(x, "g", 1)));
        assertThat(cancelled.name()).isEqualTo("TransactionCanceledException");
        assertThat(cancelled.getMessage()).contains("[None, TransactionConflict]");
        assertThat(get(a, other)).doesNotContainKey("Item");

        a.itemLoans().handle(new LoanMessages.GiveBack("http://b", 1).encode());
        assertThat(loansOn(a)).isZero();
        call(a, "PutItem", "{'TableName':'txs','Item':{'p':{'S':'" + x + "'}}}");
    }

    @Test void aGiveBackOfALoanTheLenderNeverMadeIsRememberedAndThatLendEndsAtOnce() {
        String x = keyOf(a, "x");
        a.itemLoans().handle(new LoanMessages.GiveBack("http://b", 7).encode()); // the coordinator gave up before the lend arrived
        LoanMessages.Answer late = LoanMessages.Answer.decode(a.itemLoans().handle(
                new LoanMessages.Lend("http://b", 7, List.of(KeyCodec.token(AttributeValue.s(x))), List.of(storedKey(a, x))).encode()));
        assertThat(late.status()).isEqualTo(LoanMessages.Status.UNAVAILABLE);
        assertThat(loansOn(a)).isZero();
        call(a, "PutItem", "{'TableName':'txs','Item':{'p':{'S':'" + x + "'}}}");
    }

    @Test void aBorrowedItemThatAnotherTransactionHoldsCancelsTheTransactionWithNothingWritten() {
        String x = keyOf(a, "x");
        String y = keyOf(b, "y");
        a.itemLoans().handle(new LoanMessages.Lend("http://c", 1, List.of(KeyCodec.token(AttributeValue.s(x))), List.of(storedKey(a, x))).encode());
        ApiException cancelled = OperationCalls.fail(new Operations(b), "TransactWriteItems", transaction(put(y, "g", 1), put(x, "g", 1)));
        assertThat(cancelled.name()).isEqualTo("TransactionCanceledException");
        assertThat(cancelled.getMessage()).contains("[None, TransactionConflict]");
        assertThat(get(b, y)).doesNotContainKey("Item");
        assertThat(loansOn(a)).isEqualTo(1); // only the other loan
    }

    @Test void aLoanWhoseCoordinatorDiedEndsOnceItsLeaseRanOut() {
        String x = keyOf(a, "x");
        a.itemLoans().handle(new LoanMessages.Lend("http://b", 1, List.of(KeyCodec.token(AttributeValue.s(x))), List.of(storedKey(a, x))).encode());
        advance(GsiLogLease.RENEW_EVERY, a);
        assertThat(loansOn(a)).as("b is alive: its loan stands").isEqualTo(1);
        cluster.cluster.freeze("http://b"); // b dies: no renewal
        advance(GsiLogLease.TERM.plusSeconds(1), a);
        waitFor(() -> loansOn(a) == 0);
        call(a, "PutItem", "{'TableName':'txs','Item':{'p':{'S':'" + x + "'}}}");
    }

    @Test void aRangeOnLoanIsNotLetGo() {
        // a key of a's last range: a node keeps its first ranges and lets the last ones go
        int range = a.ownership().ownRanges().get(a.ownership().ownRanges().size() - 1);
        String x = null;
        for (int i = 0; x == null; i++) if (Ownership.rangeOf(KeyCodec.token(AttributeValue.s("x" + i))) == range) x = "x" + i;
        a.itemLoans().handle(new LoanMessages.Lend("http://b", 1, List.of(KeyCodec.token(AttributeValue.s(x))), List.of(storedKey(a, x))).encode());
        Engine c = node("http://c"); // a third node: a and b each let a third of their ranges go
        advance(GsiLogLease.RENEW_EVERY, a, b);
        clock.advance(Duration.ofMillis(Ownership.RELEASE_GRACE_MILLIS));
        waitFor(() -> a.ownership().ownRanges().size() <= 22 + 1);
        assertThat(a.ownership().ownRanges()).contains(range);
        assertThat(c.ownership().ownRanges()).doesNotContain(range);
    }

    private static byte[] storedKey(Engine node, String p) {
        io.keyline.metadata.TableMetadata table = node.table("txs");
        return io.keyline.engine.store.ItemStore.storageKey(new io.keyline.engine.api.ItemRef(table, new PrimaryKey(AttributeValue.s(p), null)));
    }
}
