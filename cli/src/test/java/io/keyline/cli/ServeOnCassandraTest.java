package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.storage.cassandra.TestCluster;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code keyline serve --storage cassandra} end to end with the AWS SDK for Java v2, on the
 * test cluster's one Cassandra node (storage-cassandra's TestCluster): tables, items, a Query, a
 * Scan and a GSI; then a second Keyline node on the same keyspace reads what the first wrote,
 * and the first what the second wrote, with strongly consistent reads. Slow: it needs Cassandra.
 */
@Tag("slow")
class ServeOnCassandraTest {
    private static DynamoDbClient client(ServeCommand.Running node) {
        return DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + node.port())).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static AttributeValue s(String value) { return AttributeValue.fromS(value); }

    @Test void theSdkEndToEndOnOneNodeThenASecondNodeOnTheSameKeyspace() throws Exception {
        String keyspace = "serve_e2e";
        TestCluster.session().execute("DROP KEYSPACE IF EXISTS " + keyspace);
        try (ServeCommand.Running first = CassandraNodes.serve(keyspace); DynamoDbClient db = client(first)) {
            db.createTable(b -> b.tableName("orders").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("customer").keyType(KeyType.HASH), k -> k.attributeName("order").keyType(KeyType.RANGE))
                    .attributeDefinitions(a -> a.attributeName("customer").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("order").attributeType(ScalarAttributeType.N),
                            a -> a.attributeName("status").attributeType(ScalarAttributeType.S))
                    .globalSecondaryIndexes(g -> g.indexName("by-status").keySchema(k -> k.attributeName("status").keyType(KeyType.HASH))
                            .projection(p -> p.projectionType(ProjectionType.ALL))));
            for (int customer = 0; customer < 5; customer++) {
                for (int order = 0; order < 4; order++) {
                    int c = customer;
                    int o = order;
                    db.putItem(b -> b.tableName("orders").item(Map.of("customer", s("c" + c), "order", AttributeValue.fromN(Integer.toString(o)),
                            "status", s(o % 2 == 0 ? "open" : "shipped"))));
                }
            }
            assertThat(db.getItem(b -> b.tableName("orders").consistentRead(true)
                    .key(Map.of("customer", s("c3"), "order", AttributeValue.fromN("2")))).item()).containsEntry("status", s("open"));
            QueryResponse query = db.query(b -> b.tableName("orders").keyConditionExpression("customer = :c AND #o >= :o")
                    .expressionAttributeNames(Map.of("#o", "order"))
                    .expressionAttributeValues(Map.of(":c", s("c1"), ":o", AttributeValue.fromN("1"))).scanIndexForward(false));
            assertThat(query.items()).extracting(i -> i.get("order").n()).containsExactly("3", "2", "1");
            assertThat(db.scan(b -> b.tableName("orders")).count()).isEqualTo(20);
            assertThat(db.scan(b -> b.tableName("orders").segment(1).totalSegments(2)).count()
                    + db.scan(b -> b.tableName("orders").segment(0).totalSegments(2)).count()).isEqualTo(20);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            int open;
            do {
                open = db.query(b -> b.tableName("orders").indexName("by-status").keyConditionExpression("#s = :s")
                        .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(Map.of(":s", s("open")))).count();
                if (open < 10) Thread.sleep(100);
            } while (open < 10 && System.nanoTime() < deadline);
            assertThat(open).as("the GSI catches up with the table").isEqualTo(10);

            // A second Keyline node on the same keyspace: it loads the catalog from Cassandra.
            db.createTable(b -> b.tableName("notes").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S)));
            try (ServeCommand.Running second = CassandraNodes.serve(keyspace); DynamoDbClient other = client(second)) {
                assertThat(other.listTables().tableNames()).containsExactly("notes", "orders");
                for (int i = 0; i < 20; i++) {
                    String id = "n" + i;
                    DynamoDbClient writer = i % 2 == 0 ? db : other;
                    DynamoDbClient reader = i % 2 == 0 ? other : db;
                    writer.putItem(b -> b.tableName("notes").item(Map.of("id", s(id), "text", s("written " + id))));
                    assertThat(reader.getItem(b -> b.tableName("notes").consistentRead(true).key(Map.of("id", s(id)))).item())
                            .as("a write acknowledged by one node, read strongly on the other").containsEntry("text", s("written " + id));
                }
                List<Map<String, AttributeValue>> seen = other.scan(b -> b.tableName("orders")).items();
                assertThat(seen).hasSize(20);
            }
        }
    }
}
