package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** RocksDB storage survives a server restart: tables, items and statistics come back. */
class RestartTest {
    @TempDir Path dataDir;

    /** One server life on the data directory; closes everything when done. */
    private interface Life {
        void run(DynamoDbClient client) throws Exception;
    }

    private void live(Life life) throws Exception {
        Engine engine = new Engine(new RocksDbStorage(dataDir), SystemClock.INSTANCE, Settings.defaults());
        KeylineServer server = new KeylineServer(new Operations(engine));
        try (engine; server) {
            int port = server.start("127.0.0.1", 0);
            try (DynamoDbClient client = DynamoDbClient.builder()
                    .endpointOverride(URI.create("http://127.0.0.1:" + port))
                    .region(KeylineExtension.REGION)
                    .credentialsProvider(KeylineExtension.credentials())
                    .httpClient(UrlConnectionHttpClient.create())
                    .build()) {
                life.run(client);
            }
        }
    }

    @Test void dataSurvivesARestart() throws Exception {
        live(c -> {
            c.createTable(b -> b.tableName("durable").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(KeySchemaElement.builder().attributeName("p").keyType(KeyType.HASH).build())
                    .attributeDefinitions(AttributeDefinition.builder().attributeName("p").attributeType(ScalarAttributeType.S).build()));
            for (int i = 0; i < 100; i++) {
                int n = i;
                c.putItem(b -> b.tableName("durable").item(Map.of("p", AttributeValue.fromS("k" + n), "v", AttributeValue.fromN(Integer.toString(n)))));
            }
            c.deleteItem(b -> b.tableName("durable").key(Map.of("p", AttributeValue.fromS("k0"))));
        });
        live(c -> {
            assertThat(c.listTables().tableNames()).containsExactly("durable");
            assertThat(c.getItem(b -> b.tableName("durable").key(Map.of("p", AttributeValue.fromS("k42")))).item().get("v").n())
                    .isEqualTo("42");
            assertThat(c.getItem(b -> b.tableName("durable").key(Map.of("p", AttributeValue.fromS("k0")))).hasItem()).isFalse();
            assertThat(c.describeTable(b -> b.tableName("durable")).table().itemCount()).isEqualTo(99);
        });
    }
}
