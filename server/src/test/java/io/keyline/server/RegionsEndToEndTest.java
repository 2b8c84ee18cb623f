package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.protocol.Json;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * One server, two regions: the AWS SDK v2 signs each client's requests for its region, and each
 * region sees its own tables with ARNs in its region (docs/RULES.md#NS-REGION).
 */
class RegionsEndToEndTest {
    @RegisterExtension
    KeylineExtension keyline = KeylineExtension.inMemory();

    private DynamoDbClient eu;

    private DynamoDbClient eu() {
        if (eu == null) {
            eu = DynamoDbClient.builder().endpointOverride(keyline.endpoint()).region(Region.EU_WEST_1)
                    .credentialsProvider(KeylineExtension.credentials()).httpClient(UrlConnectionHttpClient.create()).build();
        }
        return eu;
    }

    @AfterEach void closeClient() {
        if (eu != null) eu.close();
    }

    private static void create(DynamoDbClient db, String name, String hashKey) {
        db.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName(hashKey).keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName(hashKey).attributeType(ScalarAttributeType.S)));
    }

    private static Map<String, AttributeValue> item(String key, String value) {
        return Map.of("p", AttributeValue.fromS(key), "v", AttributeValue.fromS(value));
    }

    @Test
    void twoRegionsOfOneServerKeepTheirOwnTablesAndArns() {
        DynamoDbClient us = keyline.client();
        create(us, "Music", "p");
        assertThat(eu().listTables().tableNames()).isEmpty();
        assertThatThrownBy(() -> eu().describeTable(b -> b.tableName("Music"))).isInstanceOf(ResourceNotFoundException.class);

        create(eu(), "Music", "p");
        us.putItem(b -> b.tableName("Music").item(item("k", "us")));
        eu().putItem(b -> b.tableName("Music").item(item("k", "eu")));
        assertThat(us.getItem(b -> b.tableName("Music").key(Map.of("p", AttributeValue.fromS("k")))).item().get("v").s()).isEqualTo("us");
        assertThat(eu().getItem(b -> b.tableName("Music").key(Map.of("p", AttributeValue.fromS("k")))).item().get("v").s()).isEqualTo("eu");

        String usArn = us.describeTable(b -> b.tableName("Music")).table().tableArn();
        String euArn = eu().describeTable(b -> b.tableName("Music")).table().tableArn();
        assertThat(usArn).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/Music");
        assertThat(euArn).isEqualTo("arn:aws:dynamodb:eu-west-1:000000000000:table/Music");

        eu().tagResource(b -> b.resourceArn(euArn).tags(t -> t.key("region").value("eu")));
        assertThat(eu().listTagsOfResource(b -> b.resourceArn(euArn)).tags()).hasSize(1);
        assertThat(us.listTagsOfResource(b -> b.resourceArn(usArn)).tags()).isEmpty();
        assertThatThrownBy(() -> us.listTagsOfResource(b -> b.resourceArn(euArn)))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo("ValidationException"));

        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.send("GET", AdminRoutes.PARTITIONS, Map.of(), new byte[0]);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> tables = (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(r.body())).get("tables");
            assertThat(tables).extracting(t -> t.get("tableName") + " in " + t.get("region"))
                    .containsExactly("Music in us-east-1", "Music in eu-west-1");
        }

        us.deleteTable(b -> b.tableName("Music"));
        assertThat(eu().scan(b -> b.tableName("Music")).count()).isEqualTo(1);
    }
}
