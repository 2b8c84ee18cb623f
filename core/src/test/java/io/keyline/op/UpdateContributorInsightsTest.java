package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.testing.TestStorage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class UpdateContributorInsightsTest {
    private static final Duration DELAY = Duration.ofSeconds(2);
    private final ControlPlane cp = new ControlPlane();

    private Map<String, Object> update(ControlPlane on, String json) { return on.call("UpdateContributorInsights", json); }

    private Map<String, Object> describe(ControlPlane on, String json) { return on.call("DescribeContributorInsights", json); }

    private String millis(ControlPlane on) { return String.valueOf(on.clock.now().toEpochMilli()); }

    private void createWithIndexes(ControlPlane on) {
        on.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},"
                + "{'AttributeName':'x','AttributeType':'S'},{'AttributeName':'l','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'lsi','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
                + "{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
    }

    @Nested class Serialization {
        @Test void actionMustBeAString() {
            cp.createSimple("tbl", true);
            assertThat(cp.fail("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':7}").name())
                    .isEqualTo("SerializationException");
        }

        @Test void answersNamesStatusAndMode() {
            cp.createSimple("tbl", true);
            assertThat(update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}")).containsExactly(
                    Map.entry("TableName", "tbl"), Map.entry("ContributorInsightsStatus", "ENABLING"),
                    Map.entry("ContributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS"));
        }
    }

    @Nested class Validation {
        @Test void actionIsRequiredAndOneOfTwo() {
            cp.createSimple("tbl", true);
            assertThat(cp.fail("UpdateContributorInsights", "{'TableName':'tbl'}").getMessage()).isEqualTo(
                    "1 validation error detected: Value null at 'contributorInsightsAction' failed to satisfy constraint: Member must not be null");
            assertThat(cp.fail("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':'PAUSE'}").getMessage())
                    .isEqualTo("1 validation error detected: Value 'PAUSE' at 'contributorInsightsAction' failed to satisfy "
                            + "constraint: Member must satisfy enum value set: [ENABLE, DISABLE]");
            assertThat(cp.fail("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':'ENABLE',"
                    + "'ContributorInsightsMode':'ALL'}").getMessage()).contains("'contributorInsightsMode'")
                    .contains("[ACCESSED_AND_THROTTLED_KEYS, THROTTLED_KEYS]");
        }

        @Test void tableNameIsRequired() {
            assertThat(cp.fail("UpdateContributorInsights", "{'ContributorInsightsAction':'ENABLE'}").getMessage())
                    .isEqualTo("1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null");
        }

        @Test void aMissingTableOrIndexIsNotFound() {
            createWithIndexes(cp);
            ApiException table = cp.fail("UpdateContributorInsights", "{'TableName':'nope','ContributorInsightsAction':'ENABLE'}");
            assertThat(table.name()).isEqualTo("ResourceNotFoundException");
            assertThat(table.getMessage()).isEqualTo("Requested resource not found: Table: nope not found");
            for (String index : List.of("ghost", "lsi")) {
                ApiException e = cp.fail("UpdateContributorInsights", "{'TableName':'tbl','IndexName':'" + index
                        + "','ContributorInsightsAction':'ENABLE'}");
                assertThat(e.name()).isEqualTo("ResourceNotFoundException");
                assertThat(e.getMessage()).isEqualTo("Requested resource not found: Index: " + index + " not found for table: tbl");
            }
        }

        @Test void aTableBeingCreatedCannotBeEnabled() {
            ControlPlane slow = new ControlPlane(Settings.defaults().withTableCreateDelay(DELAY));
            slow.createSimple("tbl", false);
            ApiException e = slow.fail("UpdateContributorInsights", "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            assertThat(e.name()).isEqualTo("ValidationException");
            assertThat(e.getMessage()).isEqualTo("Table or Index is not in a valid state to update Key Access Insights: "
                    + "TableStatus must be ACTIVE to enable ContributorInsights.");
        }
    }

    @Nested class Behaviour {
        @Test void enableThenDescribeNamesFourRulesAfterTheTableAndTheTime() {
            cp.createSimple("tbl", true);
            String t = millis(cp);
            update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            Map<String, Object> d = describe(cp, "{'TableName':'tbl'}");
            assertThat(d.get("ContributorInsightsStatus")).isEqualTo("ENABLED");
            assertThat(d.get("ContributorInsightsRuleList")).isEqualTo(List.of(
                    "DynamoDBContributorInsights-PKC-tbl-" + t, "DynamoDBContributorInsights-SKC-tbl-" + t,
                    "DynamoDBContributorInsights-PKT-tbl-" + t, "DynamoDBContributorInsights-SKT-tbl-" + t));
            assertThat(d.get("ContributorInsightsMode")).isEqualTo("ACCESSED_AND_THROTTLED_KEYS");
            assertThat(d.get("LastUpdateDateTime")).isInstanceOf(BigDecimal.class);
        }

        @Test void aGsiHasItsOwnStateAndRulesNamedTableDashIndex() {
            createWithIndexes(cp);
            String t = millis(cp);
            Map<String, Object> r = update(cp, "{'TableName':'tbl','IndexName':'gsi','ContributorInsightsAction':'ENABLE',"
                    + "'ContributorInsightsMode':'THROTTLED_KEYS'}");
            assertThat(r.get("IndexName")).isEqualTo("gsi");
            Map<String, Object> d = describe(cp, "{'TableName':'tbl','IndexName':'gsi'}");
            assertThat(d.get("ContributorInsightsRuleList")).isEqualTo(List.of("DynamoDBContributorInsights-PKT-tbl-gsi-" + t));
            assertThat(d.get("ContributorInsightsMode")).isEqualTo("THROTTLED_KEYS");
            assertThat(describe(cp, "{'TableName':'tbl'}")).containsOnlyKeys("TableName", "ContributorInsightsStatus");
        }

        @Test void statusesPassThroughEnablingAndDisablingOnTheClock() {
            ControlPlane slow = new ControlPlane(Settings.defaults().withTableCreateDelay(DELAY));
            slow.createSimple("tbl", false);
            slow.clock.advance(DELAY);
            update(slow, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            assertThat(describe(slow, "{'TableName':'tbl'}").get("ContributorInsightsStatus")).isEqualTo("ENABLING");
            assertThat(describe(slow, "{'TableName':'tbl'}")).doesNotContainKey("ContributorInsightsRuleList");
            slow.clock.advance(DELAY);
            assertThat(describe(slow, "{'TableName':'tbl'}").get("ContributorInsightsStatus")).isEqualTo("ENABLED");
            assertThat(update(slow, "{'TableName':'tbl','ContributorInsightsAction':'DISABLE','ContributorInsightsMode':'THROTTLED_KEYS'}"))
                    .containsEntry("ContributorInsightsStatus", "DISABLING").containsEntry("ContributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS");
            assertThat(list(describe(slow, "{'TableName':'tbl'}").get("ContributorInsightsRuleList"))).hasSize(2);
            slow.clock.advance(DELAY);
            Map<String, Object> off = describe(slow, "{'TableName':'tbl'}");
            assertThat(off).containsEntry("ContributorInsightsStatus", "DISABLED").containsEntry("ContributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS")
                    .containsKey("LastUpdateDateTime").doesNotContainKey("ContributorInsightsRuleList");
        }

        @Test void repeatingTheSettledStateChangesNothing() {
            cp.createSimple("tbl", true);
            assertThat(update(cp, "{'TableName':'tbl','ContributorInsightsAction':'DISABLE'}"))
                    .containsExactly(Map.entry("TableName", "tbl"), Map.entry("ContributorInsightsStatus", "DISABLED"));
            update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            Object before = describe(cp, "{'TableName':'tbl'}");
            cp.clock.advance(DELAY);
            assertThat(update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}")).containsEntry("ContributorInsightsStatus", "ENABLED");
            assertThat(describe(cp, "{'TableName':'tbl'}")).isEqualTo(before);
        }

        @Test void aModeChangeReEnablesAndKeepsTheRulesTime() {
            cp.createSimple("tbl", true);
            String t = millis(cp);
            update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE','ContributorInsightsMode':'THROTTLED_KEYS'}");
            cp.clock.advance(DELAY);
            assertThat(update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}"))
                    .containsEntry("ContributorInsightsStatus", "ENABLING").containsEntry("ContributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS");
            assertThat(list(describe(cp, "{'TableName':'tbl'}").get("ContributorInsightsRuleList")))
                    .hasSize(4).allMatch(n -> ((String) n).endsWith("-tbl-" + t));
        }

        @Test void pastTheRuleQuotaAnEnableFails() {
            for (int i = 0; i < 25; i++) {
                cp.createSimple("t" + (100 + i), true);
                update(cp, "{'TableName':'t" + (100 + i) + "','ContributorInsightsAction':'ENABLE'}");
            }
            cp.createSimple("last", false);
            assertThat(update(cp, "{'TableName':'last','ContributorInsightsAction':'ENABLE'}")).containsEntry("ContributorInsightsStatus", "ENABLING");
            Map<String, Object> d = describe(cp, "{'TableName':'last'}");
            assertThat(d.get("ContributorInsightsStatus")).isEqualTo("FAILED");
            assertThat(d).doesNotContainKey("ContributorInsightsRuleList");
            assertThat(map(d.get("FailureException"))).containsEntry("ExceptionName", "LimitExceededException");
            update(cp, "{'TableName':'t100','ContributorInsightsAction':'DISABLE'}");
            update(cp, "{'TableName':'last','ContributorInsightsAction':'ENABLE'}");
            assertThat(describe(cp, "{'TableName':'last'}")).containsEntry("ContributorInsightsStatus", "ENABLED").doesNotContainKey("FailureException");
        }

        /** docs/RULES.md#INSIGHTS-RULE-QUOTA: the quota is per account and region; another region's rules do not count. */
        @Test void theRuleQuotaIsCountedPerRegion() {
            for (int i = 0; i < 25; i++) {
                cp.createSimple("t" + (100 + i), true);
                update(cp, "{'TableName':'t" + (100 + i) + "','ContributorInsightsAction':'ENABLE'}");
            }
            Operations eu = cp.operations.inRegion("eu-west-1");
            io.keyline.testing.OperationCalls.call(eu, "CreateTable", "{'TableName':'last','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
            io.keyline.testing.OperationCalls.call(eu, "UpdateContributorInsights", "{'TableName':'last','ContributorInsightsAction':'ENABLE'}");
            assertThat(io.keyline.testing.OperationCalls.call(eu, "DescribeContributorInsights", "{'TableName':'last'}"))
                    .containsEntry("ContributorInsightsStatus", "ENABLED").doesNotContainKey("FailureException");
            cp.createSimple("last", false);
            update(cp, "{'TableName':'last','ContributorInsightsAction':'ENABLE'}");
            assertThat(describe(cp, "{'TableName':'last'}")).containsEntry("ContributorInsightsStatus", "FAILED");
        }

        @Test void theStateSurvivesARestart() {
            createWithIndexes(cp);
            update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            update(cp, "{'TableName':'tbl','IndexName':'gsi','ContributorInsightsAction':'ENABLE','ContributorInsightsMode':'THROTTLED_KEYS'}");
            Map<String, Object> table = describe(cp, "{'TableName':'tbl'}");
            Map<String, Object> index = describe(cp, "{'TableName':'tbl','IndexName':'gsi'}");
            Operations reopened = new Operations(TestStorage.closeAfterTest(new Engine(cp.storage, cp.clock, Settings.defaults())));
            assertThat(io.keyline.testing.OperationCalls.call(reopened, "DescribeContributorInsights", "{'TableName':'tbl'}")).isEqualTo(table);
            assertThat(io.keyline.testing.OperationCalls.call(reopened, "DescribeContributorInsights", "{'TableName':'tbl','IndexName':'gsi'}"))
                    .isEqualTo(index);
        }

        @Test void theStateGoesWithItsTableAndItsIndex() {
            createWithIndexes(cp);
            update(cp, "{'TableName':'tbl','IndexName':'gsi','ContributorInsightsAction':'ENABLE'}");
            cp.call("UpdateTable", "{'TableName':'tbl','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'gsi'}}]}");
            assertThat(cp.engine.catalog().get("tbl").insights().isNone()).isTrue();
            update(cp, "{'TableName':'tbl','ContributorInsightsAction':'ENABLE'}");
            cp.call("DeleteTable", "{'TableName':'tbl'}");
            createWithIndexes(cp);
            assertThat(describe(cp, "{'TableName':'tbl'}")).containsOnlyKeys("TableName", "ContributorInsightsStatus");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) { return (List<Object>) o; }
}
