package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ListTagsOfResourceTest {
    private final ControlPlane cp = new ControlPlane();

    private static final String TABLE_WITH_INDEXES = "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':["
            + "{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],'AttributeDefinitions':["
            + "{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'S'},{'AttributeName':'x1','AttributeType':'S'}],"
            + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
            + "{'AttributeName':'x1','KeyType':'RANGE'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}],"
            + "'LocalSecondaryIndexes':[{'IndexName':'lsi','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},"
            + "{'AttributeName':'x1','KeyType':'RANGE'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}]}";

    @Nested class Serialization {
        @Test void untaggedTableListsAnEmptyArray() {
            cp.createSimple("tbl", false);
            assertThat(cp.call("ListTagsOfResource", "{'ResourceArn':'" + cp.arn("tbl") + "'}")).isEqualTo(Map.of("Tags", List.of()));
        }
    }

    @Nested class Validation {
        @Test void indexArnsAreNotTaggable() {
            Map<String, Object> d = ControlPlane.map(cp.call("CreateTable", TABLE_WITH_INDEXES).get("TableDescription"));
            for (String index : new String[] {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
                String indexArn = (String) ControlPlane.map(ControlPlane.list(d.get(index)).get(0)).get("IndexArn");
                assertThat(cp.fail("ListTagsOfResource", "{'ResourceArn':'" + indexArn + "'}").getMessage())
                        .matches("(?s).*[Rr]esource ?[Aa]rn.*");
            }
        }

        @Test void arnIsRequired() {
            assertThat(cp.fail("ListTagsOfResource", "{}").getMessage()).contains("Value null at 'resourceArn'");
        }
    }

    @Nested class Behaviour {
        @Test void listsKeysAndValuesInOrder() {
            cp.createSimple("tbl", false);
            String arn = cp.arn("tbl");
            cp.call("TagResource", "{'ResourceArn':'" + arn + "','Tags':[{'Key':'z','Value':'1'},{'Key':'a','Value':'2'}]}");
            assertThat(cp.call("ListTagsOfResource", "{'ResourceArn':'" + arn + "'}").get("Tags"))
                    .isEqualTo(List.of(Map.of("Key", "z", "Value", "1"), Map.of("Key", "a", "Value", "2")));
        }
    }
}
