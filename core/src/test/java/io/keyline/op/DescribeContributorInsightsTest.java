package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DescribeContributorInsightsTest {
    private final ControlPlane cp = new ControlPlane();

    private Map<String, Object> describe(String json) { return cp.call("DescribeContributorInsights", json); }

    @Nested class Serialization {
        @Test void tableNameMustBeAString() {
            assertThat(cp.fail("DescribeContributorInsights", "{'TableName':['tbl']}").name()).isEqualTo("SerializationException");
        }
    }

    @Nested class Validation {
        @Test void tableNameIsRequiredAndIndexNameFollowsTheNameRules() {
            cp.createSimple("tbl", false);
            assertThat(cp.fail("DescribeContributorInsights", "{}").getMessage())
                    .isEqualTo("1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null");
            assertThat(cp.fail("DescribeContributorInsights", "{'TableName':'tbl','IndexName':'a!'}").getMessage())
                    .startsWith("2 validation errors detected: Value 'a!' at 'indexName' failed to satisfy constraint: Member must have length greater than or equal to 3");
        }

        @Test void aMissingTableIsNotFound() {
            ApiException e = cp.fail("DescribeContributorInsights", "{'TableName':'nope'}");
            assertThat(e.name()).isEqualTo("ResourceNotFoundException");
            assertThat(e.getMessage()).isEqualTo("Requested resource not found: Table: nope not found");
        }
    }

    @Nested class Behaviour {
        @Test void aTableNeverConfiguredIsDisabledAndNothingMore() {
            cp.createSimple("tbl", false);
            assertThat(describe("{'TableName':'tbl'}"))
                    .containsExactly(Map.entry("TableName", "tbl"), Map.entry("ContributorInsightsStatus", "DISABLED"));
        }

        @Test void theTableMayBeNamedByItsArn() {
            cp.createSimple("tbl", false);
            cp.call("UpdateContributorInsights", "{'TableName':'" + cp.arn("tbl") + "','ContributorInsightsAction':'ENABLE'}");
            assertThat(describe("{'TableName':'" + cp.arn("tbl") + "'}"))
                    .containsEntry("TableName", "tbl").containsEntry("ContributorInsightsStatus", "ENABLED");
        }
    }
}
