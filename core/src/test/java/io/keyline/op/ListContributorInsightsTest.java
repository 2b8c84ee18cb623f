package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ListContributorInsightsTest {
    private final ControlPlane cp = new ControlPlane();

    @BeforeEach void tables() {
        for (String t : List.of("b", "a", "c")) {
            cp.call("CreateTable", "{'TableName':'" + t + "tbl','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}");
        }
    }

    private void enable(String table, String index) {
        cp.call("UpdateContributorInsights", "{'TableName':'" + table + "'," + (index == null ? "" : "'IndexName':'" + index + "',")
                + "'ContributorInsightsAction':'ENABLE'}");
    }

    private List<String> names(Map<String, Object> page) {
        List<String> out = new ArrayList<>();
        for (Object o : list(page.get("ContributorInsightsSummaries"))) {
            Map<String, Object> s = map(o);
            out.add(s.get("TableName") + (s.containsKey("IndexName") ? "/" + s.get("IndexName") : ""));
        }
        return out;
    }

    @Nested class Serialization {
        @Test void maxResultsMustBeANumber() {
            assertThat(cp.fail("ListContributorInsights", "{'MaxResults':'ten'}").name()).isEqualTo("SerializationException");
        }

        @Test void aSummaryHasNamesStatusAndMode() {
            enable("atbl", "gsi");
            assertThat(map(list(cp.call("ListContributorInsights", "{}").get("ContributorInsightsSummaries")).get(0))).containsExactly(
                    Map.entry("TableName", "atbl"), Map.entry("IndexName", "gsi"), Map.entry("ContributorInsightsStatus", "ENABLED"),
                    Map.entry("ContributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS"));
        }
    }

    @Nested class Validation {
        @Test void maxResultsIsAtMostAHundred() {
            assertThat(cp.fail("ListContributorInsights", "{'MaxResults':101}").getMessage()).isEqualTo(
                    "1 validation error detected: Value '101' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 100");
        }

        @Test void aMissingTableIsNotFound() {
            assertThat(cp.fail("ListContributorInsights", "{'TableName':'nope'}").getMessage())
                    .isEqualTo("Requested resource not found: Table: nope not found");
        }
    }

    @Nested class Behaviour {
        @Test void lists_nothing_while_nothing_is_on_and_never_a_disabled_entry() {
            assertThat(cp.call("ListContributorInsights", "{}")).containsExactly(Map.entry("ContributorInsightsSummaries", List.of()));
            enable("btbl", null);
            cp.call("UpdateContributorInsights", "{'TableName':'btbl','ContributorInsightsAction':'DISABLE'}");
            assertThat(names(cp.call("ListContributorInsights", "{'TableName':'btbl'}"))).isEmpty();
        }

        @Test void pagesTablesInNameOrderEachBeforeItsIndexes() {
            enable("ctbl", "gsi");
            enable("btbl", null);
            enable("atbl", null);
            enable("atbl", "gsi");
            List<String> seen = new ArrayList<>();
            String token = null;
            int pages = 0;
            do {
                Map<String, Object> page = cp.call("ListContributorInsights", "{'MaxResults':1" + (token == null ? "" : ",'NextToken':'" + token + "'") + "}");
                seen.addAll(names(page));
                token = (String) page.get("NextToken");
                pages++;
            } while (token != null);
            assertThat(seen).containsExactly("atbl", "atbl/gsi", "btbl", "ctbl/gsi");
            assertThat(pages).as("no empty trailing page").isEqualTo(4);
            assertThat(names(cp.call("ListContributorInsights", "{'TableName':'atbl'}"))).containsExactly("atbl", "atbl/gsi");
        }
    }
}
