package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.engine.config.Settings;
import io.keyline.metrics.Metric;
import io.keyline.metrics.SeriesKey;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.ManualClock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Time to Live through an unmodified AWS SDK over HTTP (what dynamodb-admin's TTL tab and
 * infrastructure tools call), and the expirer's deletions counted as TimeToLiveDeletedItemCount.
 */
class TimeToLiveEndToEndTest {
    private final ManualClock clock = new ManualClock();

    @RegisterExtension final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);

    @Test void enablesDescribesAndExpiresThroughTheSdk() {
        DynamoDbClient db = keyline.client();
        db.createTable(b -> b.tableName("sessions").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build()));
        assertThat(db.describeTimeToLive(b -> b.tableName("sessions")).timeToLiveDescription())
                .isEqualTo(TimeToLiveDescription.builder().timeToLiveStatus(TimeToLiveStatus.DISABLED).build());

        assertThat(db.updateTimeToLive(b -> b.tableName("sessions").timeToLiveSpecification(s -> s.enabled(true).attributeName("expires")))
                .timeToLiveSpecification().attributeName()).isEqualTo("expires");
        assertThat(db.describeTimeToLive(b -> b.tableName("sessions")).timeToLiveDescription()).isEqualTo(
                TimeToLiveDescription.builder().timeToLiveStatus(TimeToLiveStatus.ENABLED).attributeName("expires").build());
        assertThatThrownBy(() -> db.updateTimeToLive(b -> b.tableName("sessions").timeToLiveSpecification(s -> s.enabled(true).attributeName("expires"))))
                .isInstanceOf(DynamoDbException.class).hasMessageStartingWith("TimeToLive is already enabled");

        long past = clock.now().getEpochSecond() - 1;
        db.putItem(b -> b.tableName("sessions").item(Map.of("id", AttributeValue.fromS("old"), "expires", AttributeValue.fromN(Long.toString(past)))));
        db.putItem(b -> b.tableName("sessions").item(Map.of("id", AttributeValue.fromS("new"))));
        assertThat(keyline.engine().expirer().runPass()).isEqualTo(1);
        assertThat(db.getItem(b -> b.tableName("sessions").key(Map.of("id", AttributeValue.fromS("old")))).hasItem()).isFalse();
        assertThat(db.getItem(b -> b.tableName("sessions").key(Map.of("id", AttributeValue.fromS("new")))).hasItem()).isTrue();
        assertThat(keyline.metrics().store().total(SeriesKey.of(keyline.engine().namespace(), "sessions", null, Metric.TIME_TO_LIVE_DELETED_ITEM_COUNT))).isEqualTo(1.0);
    }
}
