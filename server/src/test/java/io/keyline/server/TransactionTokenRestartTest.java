package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.engine.transaction.IdempotencyTokens;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TransactWriteItems with a ClientRequestToken, retried after the server restarted
 * (docs/RULES.md#TX-IDEMPOTENCY-DURABLE), on RocksDB: neither a clean restart nor a crash (the
 * database closed without a flush, as a killed process leaves it: the next open replays the
 * WAL) lets the retry apply twice; a retry with another payload is a mismatch; ten minutes after
 * the first request the token is new again.
 */
class TransactionTokenRestartTest {
    @TempDir Path dataDir;

    private final ManualClock clock = new ManualClock();

    private static final String TRANSFER = "{'ClientRequestToken':'transfer-1','ReturnConsumedCapacity':'TOTAL','TransactItems':["
            + "{'Update':{'TableName':'accounts','Key':{'id':{'S':'alice'}},'UpdateExpression':'ADD balance :minus',"
            + "'ExpressionAttributeValues':{':minus':{'N':'-10'}}}},"
            + "{'Update':{'TableName':'accounts','Key':{'id':{'S':'bob'}},'UpdateExpression':'ADD balance :plus',"
            + "'ExpressionAttributeValues':{':plus':{'N':'10'}}}}]}";

    private static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    private Engine open() {
        return new Engine(new RocksDbStorage(dataDir, false, clock), clock, Settings.defaults());
    }

    private static String balance(Operations ops, String id) {
        Object item = ((Map<?, ?>) ops.dispatch("GetItem", request("{'TableName':'accounts','ConsistentRead':true,"
                + "'Key':{'id':{'S':'" + id + "'}}}"))).get("Item");
        return ((AttributeValue.N) ((Map<?, ?>) item).get("balance")).value().toPlainString();
    }

    /** Table and starting balances, then the transfer once. */
    private void firstLife(Operations ops) {
        ops.dispatch("CreateTable", request("{'TableName':'accounts','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'id','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'}]}"));
        ops.dispatch("PutItem", request("{'TableName':'accounts','Item':{'id':{'S':'alice'},'balance':{'N':'100'}}}"));
        ops.dispatch("PutItem", request("{'TableName':'accounts','Item':{'id':{'S':'bob'},'balance':{'N':'0'}}}"));
        ops.dispatch("TransactWriteItems", request(TRANSFER));
        assertThat(balance(ops, "alice")).isEqualTo("90");
    }

    /** The retry in a new life: answered, not applied; another payload with the token is refused. */
    private void retryIsNotApplied(Operations ops) {
        Object response = ops.dispatch("TransactWriteItems", request(TRANSFER));
        assertThat(List.copyOf(((Map<?, ?>) response).keySet())).isEqualTo(List.of("ConsumedCapacity"));
        assertThat(balance(ops, "alice")).isEqualTo("90");
        assertThat(balance(ops, "bob")).isEqualTo("10");
        ApiException e = catchThrowableOfType(() -> ops.dispatch("TransactWriteItems", request(TRANSFER.replace("-10", "-20"))),
                ApiException.class);
        assertThat(e.type()).isEqualTo("com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException");
        assertThat(balance(ops, "alice")).isEqualTo("90");
    }

    @Test void aRetryAfterACleanRestartIsNotAppliedTwice() {
        try (Engine engine = open()) {
            firstLife(new Operations(engine));
        }
        try (Engine engine = open()) {
            retryIsNotApplied(new Operations(engine));
        }
    }

    @Test void aRetryAfterACrashIsNotAppliedTwice() {
        Engine engine = open();
        firstLife(new Operations(engine));
        ((RocksDbStorage) engine.storage()).closeWithoutFlush(); // killed: only the WAL holds the transfer and its token
        engine.indexes().close();
        try (Engine restarted = open()) {
            retryIsNotApplied(new Operations(restarted));
        }
    }

    @Test void tenMinutesAfterTheFirstRequestTheTokenIsNew() {
        try (Engine engine = open()) {
            firstLife(new Operations(engine));
        }
        clock.advance(IdempotencyTokens.WINDOW.minusSeconds(1));
        try (Engine engine = open()) {
            Operations ops = new Operations(engine);
            ops.dispatch("TransactWriteItems", request(TRANSFER));
            assertThat(balance(ops, "alice")).isEqualTo("90");
        }
        clock.advance(Duration.ofSeconds(2));
        try (Engine engine = open()) {
            Operations ops = new Operations(engine);
            ops.dispatch("TransactWriteItems", request(TRANSFER));
            assertThat(balance(ops, "alice")).isEqualTo("80");
        }
    }
}
