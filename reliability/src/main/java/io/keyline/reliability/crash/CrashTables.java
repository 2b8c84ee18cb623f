package io.keyline.reliability.crash;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The two tables the crash harness writes: {@code items} (pk, sk; a GSI on g, sk and an LSI on
 * pk, l, both projecting everything, so an index entry must equal its item) and {@code ledger}
 * (pk), the second table each transaction touches. Stateless.
 */
final class CrashTables {
    static final String ITEMS = "items";
    static final String LEDGER = "ledger";
    static final String GSI = "byG";
    static final String LSI = "byL";

    private CrashTables() {}

    static void create(DynamoDbClient client) throws InterruptedException {
        client.createTable(b -> b.tableName(ITEMS).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attribute("pk"), attribute("sk"), attribute("g"), attribute("l"))
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName(GSI)
                        .keySchema(key("g", KeyType.HASH), key("sk", KeyType.RANGE)).projection(all()).build())
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName(LSI)
                        .keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE)).projection(all()).build()));
        client.createTable(b -> b.tableName(LEDGER).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attribute("pk")).keySchema(key("pk", KeyType.HASH)));
        for (String table : new String[] {ITEMS, LEDGER}) {
            while (client.describeTable(b -> b.tableName(table)).table().tableStatus() != TableStatus.ACTIVE) Thread.sleep(50);
        }
    }

    private static AttributeDefinition attribute(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static Projection all() {
        return Projection.builder().projectionType(ProjectionType.ALL).build();
    }
}
