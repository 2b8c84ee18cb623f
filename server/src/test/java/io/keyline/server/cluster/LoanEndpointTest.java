package io.keyline.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.api.ItemRef;
import io.keyline.engine.cluster.ItemLoans;
import io.keyline.engine.cluster.LoanMessages;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.config.Settings;
import io.keyline.engine.store.ItemStore;
import io.keyline.error.ApiException;
import io.keyline.metadata.PrimaryKey;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.server.KeylineServer;
import io.keyline.server.ServerOptions;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.testing.MemoryCoordination;
import io.keyline.testing.OperationCalls;
import io.keyline.time.ManualClock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The loan channel between nodes (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS): a lend is honoured only
 * with the cluster's signature of its body, so a client that knows the path cannot hold a node's
 * items; signed, over HTTP through a running server, an item is lent (its owner's own write of it
 * meets TransactionConflictException) and given back.
 */
class LoanEndpointTest {
    private static final String TABLE = "{'TableName':'lent','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}";
    private static final String PUT = "{'TableName':'lent','Item':{'p':{'S':'x'}}}";
    private final ManualClock clock = new ManualClock();
    private final MemoryCoordination cluster = new MemoryCoordination(clock);
    private final byte[] secret = cluster.node("any").clusterSecret();
    private Engine engine;
    private Operations operations;
    private KeylineServer server;
    private String address;
    private byte[] lend;

    @BeforeEach void start() throws Exception {
        engine = new Engine(new MemoryStorage(), clock, Settings.defaults(), cluster.node("http://a"));
        engine.ownership().enforce();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (engine.ownership().ownRanges().size() < 64) {
            assertThat(System.nanoTime()).as("the node's first round").isLessThan(deadline);
            Thread.sleep(2);
        }
        operations = new Operations(engine);
        OperationCalls.call(operations, "CreateTable", TABLE);
        server = new KeylineServer(operations, ServerOptions.defaults(), clock).lendAndBorrow(engine.itemLoans(), engine.borrower(), secret);
        address = "http://127.0.0.1:" + server.start("127.0.0.1", 0);
        byte[] key = ItemStore.storageKey(new ItemRef(engine.table("lent"), new PrimaryKey(AttributeValue.s("x"), null)));
        lend = new LoanMessages.Lend("http://b", 1, List.of(KeyCodec.token(AttributeValue.s("x"))), List.of(key)).encode();
    }

    @AfterEach void stop() {
        if (server != null) server.close();
        if (engine != null) engine.close();
    }

    private ApiException putFails() { return OperationCalls.fail(operations, "PutItem", PUT); }

    @Test void aSignedLendOverHttpHoldsTheItemUntilItIsGivenBack() throws Exception {
        LoanEndpoint peer = new LoanEndpoint(engine.itemLoans(), new ForwardSignature(secret), clock); // another node's side
        LoanMessages.Answer answer = LoanMessages.Answer.decode(peer.call(address, lend));
        assertThat(answer.status()).isEqualTo(LoanMessages.Status.LENT);
        assertThat(putFails().name()).isEqualTo("TransactionConflictException");
        peer.call(address, new LoanMessages.GiveBack("http://b", 1).encode());
        OperationCalls.call(operations, "PutItem", PUT);
    }

    @Test void anUnsignedLendOrOneSignedWithAnotherSecretIsRefusedAndLendsNothing() {
        LoanEndpoint endpoint = new LoanEndpoint(engine.itemLoans(), new ForwardSignature(secret), clock);
        NodeEndpoint.Reply unsigned = endpoint.handle(null, lend);
        assertThat(unsigned.status()).isEqualTo(403);
        assertThat(new String(unsigned.body(), StandardCharsets.UTF_8)).isEqualTo(LoanEndpoint.NOT_SIGNED);
        byte[] other = "somebody else's secret, 32 bytes".getBytes(StandardCharsets.US_ASCII);
        String forged = new ForwardSignature(other).sign(clock.millis(), ItemLoans.PATH, ByteBuffer.wrap(lend));
        assertThat(endpoint.handle(forged, lend).status()).isEqualTo(403);
        String forAnotherPath = new ForwardSignature(secret).sign(clock.millis(), "/_keyline/capacity", ByteBuffer.wrap(lend));
        assertThat(endpoint.handle(forAnotherPath, lend).status()).isEqualTo(403);
        OperationCalls.call(operations, "PutItem", PUT); // nothing lent
    }

    @Test void aSignedBodyThatIsNoLoanMessageIsABadRequest() {
        LoanEndpoint endpoint = new LoanEndpoint(engine.itemLoans(), new ForwardSignature(secret), clock);
        byte[] junk = {9, 9, 9};
        String signed = new ForwardSignature(secret).sign(clock.millis(), ItemLoans.PATH, ByteBuffer.wrap(junk));
        assertThat(endpoint.handle(signed, junk).status()).isEqualTo(400);
    }
}
