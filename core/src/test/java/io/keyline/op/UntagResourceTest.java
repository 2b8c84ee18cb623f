package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class UntagResourceTest {
    private final ControlPlane cp = new ControlPlane();
    private String arn;

    @BeforeEach void createTaggedTable() {
        cp.createSimple("tbl", false);
        arn = cp.arn("tbl");
        cp.call("TagResource", "{'ResourceArn':'" + arn + "','Tags':[{'Key':'a','Value':'1'},{'Key':'b','Value':'2'}]}");
    }

    @Nested class Serialization {
        @Test void tagKeysMustBeStrings() {
            assertThat(cp.fail("UntagResource", "{'ResourceArn':'" + arn + "','TagKeys':[1]}").name()).isEqualTo("SerializationException");
        }
    }

    @Nested class Validation {
        @Test void tagKeysAreRequired() {
            assertThat(cp.fail("UntagResource", "{'ResourceArn':'" + arn + "'}").getMessage()).isEqualTo(
                    "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null");
        }

        @Test void resourceArnIsRequiredAndMustExist() {
            assertThat(cp.fail("UntagResource", "{'TagKeys':['a']}").getMessage()).contains("Value null at 'resourceArn'");
            assertThat(cp.fail("UntagResource", "{'ResourceArn':'" + arn + "zz','TagKeys':['a']}").name())
                    .isEqualTo("ResourceNotFoundException");
        }
    }

    @Nested class Behaviour {
        @Test void removesGivenKeysAndIgnoresUnknownOnes() {
            assertThat(cp.operations.dispatch("UntagResource", ControlPlane.request("{'ResourceArn':'" + arn + "','TagKeys':['a','non-existent']}"))).as("empty body").isNull();
            assertThat(cp.engine.catalog().get("tbl").tags()).containsOnlyKeys("b");
        }
    }
}
