package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/** The control-plane operations end to end: AWS SDK v2 → HTTP server → operations → catalog. */
class ControlPlaneEndToEndTest {
    @RegisterExtension
    KeylineExtension keyline = KeylineExtension.inMemory();

    private DynamoDbClient db() { return keyline.client(); }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition def(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    private static CreateTableRequest.Builder simple(String name) {
        return CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("p", KeyType.HASH)).attributeDefinitions(def("p", ScalarAttributeType.S));
    }

    @Test void createWaitDescribeListDelete() {
        TableDescription created = db().createTable(simple("orders").build()).tableDescription();
        assertThat(created.tableArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/orders");
        db().waiter().waitUntilTableExists(b -> b.tableName("orders"));
        TableDescription d = db().describeTable(b -> b.tableName("orders")).table();
        assertThat(d.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(d.creationDateTime()).isEqualTo(created.creationDateTime());
        assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(d.provisionedThroughput().readCapacityUnits()).isZero();
        assertThat(d.itemCount()).isZero();
        assertThat(db().listTables().tableNames()).containsExactly("orders");
        TableDescription deleted = db().deleteTable(b -> b.tableName("orders")).tableDescription();
        assertThat(deleted.tableStatus()).isEqualTo(TableStatus.DELETING);
        assertThat(deleted.keySchema()).isEmpty();
        db().waiter().waitUntilTableNotExists(b -> b.tableName("orders"));
        assertThat(db().listTables().tableNames()).isEmpty();
    }

    @Test void indexesRoundTripThroughTheSdkModel() {
        db().createTable(CreateTableRequest.builder().tableName("events").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("p", KeyType.HASH), key("c", KeyType.RANGE))
                .attributeDefinitions(def("p", ScalarAttributeType.S), def("c", ScalarAttributeType.N), def("x", ScalarAttributeType.B))
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("by_x").keySchema(key("p", KeyType.HASH), key("x", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build())
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("gsi").keySchema(key("x", KeyType.HASH), key("c", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.INCLUDE).nonKeyAttributes("a", "b").build()).build())
                .build());
        TableDescription d = db().describeTable(b -> b.tableName("events")).table();
        GlobalSecondaryIndexDescription gsi = d.globalSecondaryIndexes().get(0);
        assertThat(gsi.indexStatus()).isEqualTo(IndexStatus.ACTIVE);
        assertThat(gsi.indexArn()).isEqualTo(d.tableArn() + "/index/gsi");
        assertThat(gsi.projection().nonKeyAttributes()).containsExactly("a", "b");
        assertThat(d.localSecondaryIndexes().get(0).keySchema()).containsExactly(key("p", KeyType.HASH), key("x", KeyType.RANGE));
        assertThat(d.attributeDefinitions()).hasSize(3);
    }

    @Test void updateTableChangesThroughputAndIndexes() throws InterruptedException {
        db().createTable(b -> b.tableName("stock").keySchema(key("p", KeyType.HASH)).attributeDefinitions(def("p", ScalarAttributeType.S))
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L)));
        TableDescription d = db().updateTable(b -> b.tableName("stock")
                .provisionedThroughput(t -> t.readCapacityUnits(10L).writeCapacityUnits(4L))).tableDescription();
        assertThat(d.provisionedThroughput().readCapacityUnits()).isEqualTo(10L);
        assertThat(d.provisionedThroughput().numberOfDecreasesToday()).isEqualTo(1L);
        assertThat(d.provisionedThroughput().lastIncreaseDateTime()).isNotNull();
        d = db().updateTable(b -> b.tableName("stock").attributeDefinitions(def("x", ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("by_x").keySchema(key("x", KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))
                        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))))).tableDescription();
        assertThat(d.globalSecondaryIndexes()).extracting(GlobalSecondaryIndexDescription::indexName).containsExactly("by_x");
        awaitIndexActive("stock"); // DynamoDB refuses other table updates while an index backfills
        d = db().updateTable(b -> b.tableName("stock").billingMode(BillingMode.PAY_PER_REQUEST)).tableDescription();
        assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(d.globalSecondaryIndexes().get(0).provisionedThroughput().readCapacityUnits()).isZero();
    }

    /** The backfill runs on its own thread (even of an empty table): wait for it to end, bounded. */
    private void awaitIndexActive(String table) throws InterruptedException {
        assertThat(keyline.engine().indexes().awaitBackfills(java.time.Duration.ofSeconds(30))).as("GSI of %s backfilled", table).isTrue();
        assertThat(db().describeTable(b -> b.tableName(table)).table().globalSecondaryIndexes().get(0).indexStatus())
                .isEqualTo(software.amazon.awssdk.services.dynamodb.model.IndexStatus.ACTIVE);
    }

    @Test void tagsThroughTheSdk() {
        String arn = db().createTable(simple("tagged").tags(Tag.builder().key("team").value("core").build()).build())
                .tableDescription().tableArn();
        db().tagResource(b -> b.resourceArn(arn).tags(Tag.builder().key("env").value("test").build()));
        db().untagResource(b -> b.resourceArn(arn).tagKeys("team"));
        assertThat(db().listTagsOfResource(b -> b.resourceArn(arn)).tags())
                .containsExactly(Tag.builder().key("env").value("test").build());
        assertThatThrownBy(() -> db().listTagsOfResource(b -> b.resourceArn(arn + "x")))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test void errorsAreTheSdksModelledExceptions() {
        db().createTable(simple("dup").build());
        assertThatThrownBy(() -> db().createTable(simple("dup").build()))
                .isInstanceOf(ResourceInUseException.class).hasMessageStartingWith("Table already exists: dup");
        assertThatThrownBy(() -> db().deleteTable(b -> b.tableName("missing")))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageStartingWith("Requested resource not found: Table: missing not found");
        assertThatThrownBy(() -> db().createTable(simple("n@me").build()))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo("ValidationException"))
                .hasMessageContaining("Member must satisfy regular expression pattern");
        assertThatThrownBy(() -> db().createTable(b -> b.tableName("huge").keySchema(key("p", KeyType.HASH))
                .attributeDefinitions(def("p", ScalarAttributeType.S))
                .provisionedThroughput(t -> t.readCapacityUnits(50_000L).writeCapacityUnits(1L))))
                .isInstanceOf(LimitExceededException.class);
    }

    @Test void endpointsAndLimits() {
        assertThat(db().describeEndpoints(b -> { }).endpoints()).singleElement()
                .satisfies(e -> assertThat(e.cachePeriodInMinutes()).isEqualTo(1440L));
        var limits = db().describeLimits(b -> { });
        assertThat(List.of(limits.accountMaxReadCapacityUnits(), limits.tableMaxWriteCapacityUnits())).containsExactly(80_000L, 40_000L);
    }
}
