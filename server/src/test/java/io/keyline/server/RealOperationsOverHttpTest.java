package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The default extension serves Keyline's real operations end to end through both SDK clients. */
class RealOperationsOverHttpTest {
    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory();

    @Test
    void tableAndItemRoundTripThroughTheSdk() {
        keyline.client().createTable(b -> b.tableName("music")
                .attributeDefinitions(a -> a.attributeName("artist").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("artist").keyType(KeyType.HASH))
                .billingMode(BillingMode.PAY_PER_REQUEST));
        Map<String, AttributeValue> item = Map.of(
                "artist", AttributeValue.fromS("Nina Simone"),
                "year", AttributeValue.fromN("1965"));
        keyline.client().putItem(b -> b.tableName("music").item(item));
        Map<String, AttributeValue> got = keyline.asyncClient()
                .getItem(b -> b.tableName("music").key(Map.of("artist", AttributeValue.fromS("Nina Simone"))).consistentRead(true))
                .join().item();
        assertThat(got).isEqualTo(item);
    }

    @Test
    void missingTableIsResourceNotFound() {
        assertThatThrownBy(() -> keyline.client().getItem(b -> b.tableName("nope").key(Map.of("k", AttributeValue.fromS("v")))))
                .isInstanceOf(ResourceNotFoundException.class);
    }
}
