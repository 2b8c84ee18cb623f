package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class TagResourceTest {
    private final ControlPlane cp = new ControlPlane();
    private String arn;

    @BeforeEach void createTable() {
        cp.createSimple("tbl", true);
        arn = cp.arn("tbl");
    }

    private ApiException tag(String resourceArn, String tags) {
        return cp.fail("TagResource", "{'ResourceArn':'" + resourceArn + "','Tags':[" + tags + "]}");
    }

    private Map<String, String> tags() { return new LinkedHashMap<>(cp.engine.catalog().get("tbl").tags()); }

    private static String many(int from, int to) {
        StringBuilder b = new StringBuilder();
        for (int i = from; i < to; i++) b.append(i == from ? "" : ",").append("{'Key':'").append(i).append("','Value':'").append(i).append("'}");
        return b.toString();
    }

    @Nested class Serialization {
        @Test void tagsMustBeAList() {
            assertThat(cp.fail("TagResource", "{'ResourceArn':'" + arn + "','Tags':{'Key':'a'}}").name())
                    .isEqualTo("SerializationException");
        }

        @Test void responseIsEmpty() {
            assertThat(cp.operations.dispatch("TagResource", ControlPlane.request("{'ResourceArn':'" + arn + "','Tags':[{'Key':'a','Value':'b'}]}"))).as("empty body").isNull();
        }
    }

    @Nested class Validation {
        @Test void missingOrEmptyTags() {
            assertThat(cp.fail("TagResource", "{'ResourceArn':'" + arn + "'}").getMessage())
                    .isEqualTo("1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null");
            assertThat(tag(arn, "").getMessage()).isEqualTo("Atleast one Tag needs to be provided as Input.");
        }

        @Test void keyAndValueRules() {
            assertThat(tag(arn, "{'Key':'','Value':'dog'}").getMessage()).contains("tags.1.member.key");
            assertThat(tag(arn, "{'Key':'dog'}").getMessage()).contains("Value null at 'tags.1.member.value'");
            assertThat(tag(arn, "{'Key':'" + ControlPlane.repeat('x', 129) + "','Value':'v'}").getMessage())
                    .contains("Member must have length less than or equal to 128");
            assertThat(tag(arn, "{'Key':'k','Value':'" + ControlPlane.repeat('x', 257) + "'}").getMessage())
                    .contains("Member must have length less than or equal to 256");
            for (String bad : new String[] {"hi!", "d%g", "#!%%^$$&", "<><"}) {
                assertThat(tag(arn, "{'Key':'" + bad + "','Value':'dog'}").name()).isEqualTo("ValidationException");
                assertThat(tag(arn, "{'Key':'dog','Value':'" + bad + "'}").name()).isEqualTo("ValidationException");
            }
            assertThat(tag(arn, "{'Key':'aws:owner','Value':'x'}").getMessage()).contains("aws:");
            assertThat(tags()).isEmpty();
        }

        @Test void fiftyTagsAtMost() {
            cp.call("TagResource", "{'ResourceArn':'" + arn + "','Tags':[" + many(0, 30) + "]}");
            cp.call("TagResource", "{'ResourceArn':'" + arn + "','Tags':[" + many(20, 40) + "]}");
            assertThat(tags()).hasSize(40);
            assertThat(tag(arn, many(40, 60)).name()).isEqualTo("ValidationException");
            assertThat(tags()).hasSize(40);
        }

        @Test void resourceArnRules() {
            assertThat(tag("I_do_not_exist", "{'Key':'7','Value':'8'}").getMessage()).contains("ARNs");
            for (String bad : new String[] {"arn:not/a/good/format", ControlPlane.repeat('x', 125), "arn:" + "scylla/".repeat(15),
                    ":/".repeat(30), " "}) {
                assertThat(tag(bad, "{'Key':'x','Value':'y'}").name()).isEqualTo("ValidationException");
            }
            ApiException missing = tag(arn + "x", "{'Key':'x','Value':'y'}");
            assertThat(missing.name()).isEqualTo("ResourceNotFoundException");
            assertThat(missing.getMessage()).isEqualTo("Requested resource not found: ResourcArn: " + arn + "x not found");
            assertThat(tag(arn + "/index/gsi", "{'Key':'x','Value':'y'}").getMessage()).containsIgnoringCase("resource arn");
        }
    }

    @Nested class Behaviour {
        @Test void addsAndOverwrites() {
            cp.call("TagResource", "{'ResourceArn':'" + arn + "','Tags':[{'Key':'string','Value':'string'},{'Key':'7','Value':' '},"
                    + "{'Key':' ','Value':'9'},{'Key':'e','Value':''}]}");
            cp.call("TagResource", "{'ResourceArn':'" + arn + "','Tags':[{'Key':'string','Value':'different_string_value'}]}");
            assertThat(tags()).containsExactly(Map.entry("string", "different_string_value"), Map.entry("7", " "),
                    Map.entry(" ", "9"), Map.entry("e", ""));
        }

        @Test void unicodeLettersAreAllowed() {
            cp.call("TagResource", "{'ResourceArn':'" + arn + "','Tags':[{'Key':'законные буквы','Value':'ѮѮѮvalue'},"
                    + "{'Key':'" + "א".repeat(128) + "','Value':'" + "א".repeat(256) + "'}]}");
            assertThat(tags()).containsEntry("законные буквы", "ѮѮѮvalue").hasSize(2);
        }

        @Test void tagsGivenAtCreationAreListed() {
            cp.call("CreateTable", "{'TableName':'tagged','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],'Tags':[{'Key':'k1','Value':'v1'}]}");
            assertThat(cp.call("ListTagsOfResource", "{'ResourceArn':'" + cp.arn("tagged") + "'}").get("Tags"))
                    .isEqualTo(java.util.List.of(Map.of("Key", "k1", "Value", "v1")));
        }
    }
}
