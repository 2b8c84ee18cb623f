package io.keyline.op;

import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.engine.config.TimeToLiveSettings;
import io.keyline.error.ApiException;
import io.keyline.testing.OperationCalls;
import io.keyline.testing.TestStorage;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** UpdateTimeToLive and DescribeTimeToLive: the setting's statuses, DynamoDB's refusals, persistence. */
class UpdateTimeToLiveTest {
    private final ControlPlane cp = new ControlPlane();

    private static String spec(String table, boolean enabled, String attribute) {
        return "{'TableName':'" + table + "','TimeToLiveSpecification':{'Enabled':" + enabled + ",'AttributeName':'" + attribute + "'}}";
    }

    private Map<String, Object> update(ControlPlane on, boolean enabled, String attribute) {
        return on.call("UpdateTimeToLive", spec("tbl", enabled, attribute));
    }

    private ApiException refused(ControlPlane on, boolean enabled, String attribute) {
        return on.fail("UpdateTimeToLive", spec("tbl", enabled, attribute));
    }

    private static Map<String, Object> description(ControlPlane on) {
        return map(on.call("DescribeTimeToLive", "{'TableName':'tbl'}").get("TimeToLiveDescription"));
    }

    private static ControlPlane withTimings(Duration statusDelay) {
        Settings accounting = Settings.defaults().withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT));
        return new ControlPlane(accounting.withTimeToLive(TimeToLiveSettings.defaults().withStatusDelay(statusDelay)));
    }

    @Nested class Serialization {
        @Test void answersTheSpecificationItWasGiven() {
            cp.createSimple("tbl", false);
            assertThat(map(update(cp, true, "expires").get("TimeToLiveSpecification")))
                    .containsExactly(Map.entry("Enabled", true), Map.entry("AttributeName", "expires"));
        }

        @Test void enabledMustBeABoolean() {
            cp.createSimple("tbl", false);
            assertThat(cp.fail("UpdateTimeToLive", "{'TableName':'tbl','TimeToLiveSpecification':{'Enabled':'dog','AttributeName':'x'}}")
                    .name()).isEqualTo("SerializationException");
        }
    }

    @Nested class Validation {
        @Test void theSpecificationsMembersAreRequiredAndTheNameHasALength() {
            cp.createSimple("tbl", false);
            assertThat(cp.fail("UpdateTimeToLive", "{'TableName':'tbl','TimeToLiveSpecification':{'Enabled':true}}").getMessage())
                    .isEqualTo("1 validation error detected: Value null at 'timeToLiveSpecification.attributeName' failed to "
                            + "satisfy constraint: Member must not be null");
            assertThat(cp.fail("UpdateTimeToLive", "{'TableName':'tbl','TimeToLiveSpecification':{'AttributeName':'x'}}").getMessage())
                    .contains("timeToLiveSpecification.enabled");
            assertThat(refused(cp, true, "").getMessage()).contains("length");
            assertThat(refused(cp, true, "x".repeat(256)).getMessage()).contains("length");
        }

        @Test void aMissingTableIsNotFound() {
            ApiException e = refused(cp, true, "x");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
            assertThat(cp.fail("DescribeTimeToLive", "{'TableName':'tbl'}").getMessage())
                    .isEqualTo("Requested resource not found: Table: tbl not found");
        }
    }

    @Nested class Behaviour {
        @Test void aTableNeverConfiguredIsDisabledWithoutAnAttribute() {
            cp.createSimple("tbl", false);
            assertThat(description(cp)).containsExactly(Map.entry("TimeToLiveStatus", "DISABLED"));
        }

        @Test void enablingSettlesAtOnceByDefault() {
            cp.createSimple("tbl", false);
            update(cp, true, "expires");
            assertThat(description(cp)).containsExactly(Map.entry("TimeToLiveStatus", "ENABLED"), Map.entry("AttributeName", "expires"));
        }

        @Test void enablingAndDisablingPassThroughTheirTransientStatuses() {
            ControlPlane slow = withTimings(Duration.ofSeconds(5));
            slow.createSimple("tbl", false);
            update(slow, true, "expires");
            assertThat(description(slow)).containsEntry("TimeToLiveStatus", "ENABLING").containsEntry("AttributeName", "expires");
            slow.clock.advance(Duration.ofSeconds(5));
            assertThat(description(slow)).containsEntry("TimeToLiveStatus", "ENABLED");
            slow.clock.advance(Duration.ofHours(1));
            update(slow, false, "expires");
            assertThat(description(slow)).containsEntry("TimeToLiveStatus", "DISABLING").containsEntry("AttributeName", "expires");
            slow.clock.advance(Duration.ofSeconds(5));
            assertThat(description(slow)).containsExactly(Map.entry("TimeToLiveStatus", "DISABLED"));
        }

        @Test void refusesToEnableTwiceOrOnAnotherAttribute() {
            cp.createSimple("tbl", false);
            update(cp, true, "expires");
            assertThat(refused(cp, true, "expires").getMessage()).isEqualTo("TimeToLive is already enabled");
            assertThat(refused(cp, true, "other").getMessage())
                    .isEqualTo("TimeToLive is active on a different AttributeName: current AttributeName is expires");
            assertThat(refused(cp, true, "other").name()).isEqualTo("ValidationException");
        }

        @Test void refusesToDisableWhatIsNotEnabledOrAnotherAttribute() {
            cp.createSimple("tbl", false);
            assertThat(refused(cp, false, "expires").getMessage()).isEqualTo("TimeToLive is already disabled");
            update(cp, true, "expires");
            assertThat(refused(cp, false, "dog").getMessage())
                    .isEqualTo("TimeToLive is active on a different AttributeName: current AttributeName is expires");
        }

        @Test void allowsOneChangeAnHour() {
            cp.createSimple("tbl", false);
            update(cp, true, "expires");
            cp.clock.advance(Duration.ofMinutes(59));
            ApiException e = refused(cp, false, "expires");
            assertThat(e.name()).isEqualTo("ValidationException");
            assertThat(e.getMessage()).isEqualTo("Time to live has been modified multiple times within a fixed interval");
            assertThat(description(cp)).containsEntry("TimeToLiveStatus", "ENABLED");
            cp.clock.advance(Duration.ofMinutes(1));
            update(cp, false, "expires");
            assertThat(description(cp)).containsExactly(Map.entry("TimeToLiveStatus", "DISABLED"));
            cp.clock.advance(Duration.ofMinutes(30));
            assertThat(refused(cp, true, "other").getMessage()).isEqualTo("Time to live has been modified multiple times within a fixed interval");
            cp.clock.advance(Duration.ofMinutes(30));
            update(cp, true, "other");
            assertThat(description(cp)).containsEntry("AttributeName", "other");
        }

        @Test void theSettingSurvivesARestart() {
            cp.createSimple("tbl", false);
            update(cp, true, "expires");
            Operations reopened = new Operations(TestStorage.closeAfterTest(new Engine(cp.storage, cp.clock, Settings.defaults())));
            assertThat(map(OperationCalls.call(reopened, "DescribeTimeToLive", "{'TableName':'tbl'}").get("TimeToLiveDescription")))
                    .containsExactly(Map.entry("TimeToLiveStatus", "ENABLED"), Map.entry("AttributeName", "expires"));
            assertThat(OperationCalls.fail(reopened, "UpdateTimeToLive", spec("tbl", false, "expires")).getMessage())
                    .isEqualTo("Time to live has been modified multiple times within a fixed interval");
        }

        @Test void eachRegionHasItsOwnSetting() {
            cp.createSimple("tbl", false);
            update(cp, true, "expires");
            Operations west = cp.operations.inRegion("us-west-2");
            OperationCalls.call(west, "CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
            assertThat(map(OperationCalls.call(west, "DescribeTimeToLive", "{'TableName':'tbl'}").get("TimeToLiveDescription")))
                    .containsExactly(Map.entry("TimeToLiveStatus", "DISABLED"));
        }

        @Test void aNewTableOfTheSameNameStartsDisabled() {
            cp.createSimple("tbl", false);
            update(cp, true, "expires");
            cp.call("DeleteTable", "{'TableName':'tbl'}");
            cp.createSimple("tbl", false);
            assertThat(description(cp)).containsExactly(Map.entry("TimeToLiveStatus", "DISABLED"));
            update(cp, true, "expires");
        }
    }
}
