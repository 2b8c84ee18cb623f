package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsMode;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsStatus;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsSummary;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsResponse;

/** Contributor Insights' three operations through the AWS SDK for Java v2: shapes and errors as a client parses them. */
class ContributorInsightsEndToEndTest {
    @RegisterExtension
    KeylineExtension keyline = KeylineExtension.inMemory();

    private DynamoDbClient db() { return keyline.client(); }

    private void create(String name) {
        db().createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("p").keyType(KeyType.HASH), k -> k.attributeName("c").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("p").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("c").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("x").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("gsi").keySchema(k -> k.attributeName("x").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType("ALL"))));
        db().waiter().waitUntilTableExists(b -> b.tableName(name));
    }

    @Test void enableDescribeListDisable() {
        create("music");
        UpdateContributorInsightsResponse enabled = db().updateContributorInsights(b -> b.tableName("music")
                .contributorInsightsAction(ContributorInsightsAction.ENABLE));
        assertThat(enabled.tableName()).isEqualTo("music");
        assertThat(enabled.contributorInsightsStatus()).isEqualTo(ContributorInsightsStatus.ENABLING);
        assertThat(enabled.contributorInsightsMode()).isEqualTo(ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS);

        DescribeContributorInsightsResponse d = db().describeContributorInsights(b -> b.tableName("music"));
        assertThat(d.contributorInsightsStatus()).isEqualTo(ContributorInsightsStatus.ENABLED);
        assertThat(d.contributorInsightsRuleList()).hasSize(4)
                .allMatch(r -> r.matches("DynamoDBContributorInsights-(PKC|SKC|PKT|SKT)-music-\\d{13}"));
        assertThat(d.lastUpdateDateTime()).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1));
        assertThat(d.failureException()).isNull();

        db().updateContributorInsights(b -> b.tableName("music").indexName("gsi")
                .contributorInsightsAction(ContributorInsightsAction.ENABLE).contributorInsightsMode(ContributorInsightsMode.THROTTLED_KEYS));
        DescribeContributorInsightsResponse gsi = db().describeContributorInsights(b -> b.tableName("music").indexName("gsi"));
        assertThat(gsi.indexName()).isEqualTo("gsi");
        assertThat(gsi.contributorInsightsMode()).isEqualTo(ContributorInsightsMode.THROTTLED_KEYS);
        assertThat(gsi.contributorInsightsRuleList()).singleElement().asString().startsWith("DynamoDBContributorInsights-PKT-music-gsi-");

        List<ContributorInsightsSummary> all = new ArrayList<>();
        db().listContributorInsightsPaginator(b -> b.maxResults(1)).forEach(p -> all.addAll(p.contributorInsightsSummaries()));
        assertThat(all).extracting(ContributorInsightsSummary::indexName).containsExactly(null, "gsi");

        db().updateContributorInsights(b -> b.tableName("music").contributorInsightsAction(ContributorInsightsAction.DISABLE));
        assertThat(db().describeContributorInsights(b -> b.tableName("music")).contributorInsightsStatus())
                .isEqualTo(ContributorInsightsStatus.DISABLED);
        assertThat(db().listContributorInsights(b -> b.tableName("music")).contributorInsightsSummaries()).hasSize(1);
    }

    @Test void errorsAsTheSdkParsesThem() {
        create("music");
        assertThatThrownBy(() -> db().describeContributorInsights(b -> b.tableName("nope")))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageStartingWith("Requested resource not found: Table: nope not found");
        assertThatThrownBy(() -> db().updateContributorInsights(b -> b.tableName("music").indexName("ghost")
                .contributorInsightsAction(ContributorInsightsAction.ENABLE)))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageStartingWith("Requested resource not found: Index: ghost not found for table: music");
        assertThatThrownBy(() -> db().updateContributorInsights(b -> b.tableName("music").contributorInsightsAction("PAUSE")))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.awsErrorDetails().errorMessage()).contains("Member must satisfy enum value set: [ENABLE, DISABLE]");
                });
    }
}
