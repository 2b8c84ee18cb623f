package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** {@code keyline serve --durability} (docs/RULES.md#DURABILITY), parsed and served. */
class DurabilityOptionTest {
    private static ServeCommand parsed(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve;
    }

    @Test void syncIsTheDefaultAndAsyncAChoice() {
        assertThat(parsed().syncWrites()).isTrue();
        assertThat(parsed("--durability", "sync").syncWrites()).isTrue();
        assertThat(parsed("--durability", "ASYNC").syncWrites()).isFalse();
    }

    @Test void anythingElseIsRefused() {
        assertThatThrownBy(() -> parsed("--durability", "fsync").syncWrites())
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("sync or async");
    }

    /**
     * With sync, a reply waits for the group sync of the write-ahead log: concurrent writers are
     * all answered (none left waiting for a sync that never comes), and what they were told was
     * written is there after a restart.
     */
    @Test void syncAnswersConcurrentWritersAndKeepsTheirWrites(@TempDir Path dir) throws Exception {
        String[] args = {"--port", "0", "--metrics", "off", "--data-dir", dir.toString(), "--durability", "sync"};
        int writers = 16, each = 25;
        try (ServeCommand.Running node = serve(args); DynamoDbClient db = client(node)) {
            db.createTable(b -> b.tableName("items").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                    .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build()));
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    int writer = w;
                    done.add(pool.submit(() -> {
                        for (int i = 0; i < each; i++) {
                            Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS(writer + "-" + i));
                            db.putItem(b -> b.tableName("items").item(item));
                        }
                    }));
                }
                for (Future<?> f : done) f.get();
            } finally {
                pool.shutdown();
            }
        }
        try (ServeCommand.Running node = serve(args); DynamoDbClient db = client(node)) {
            assertThat(db.scan(b -> b.tableName("items").select("COUNT")).count()).isEqualTo(writers * each);
        }
    }

    private static ServeCommand.Running serve(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.start();
    }

    private static DynamoDbClient client(ServeCommand.Running node) {
        return DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + node.port())).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }
}
