package io.keyline.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.config.Settings;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DescribeEndpointsTest {
    @Nested class Serialization {
        @Test void oneEndpointWithCachePeriod() {
            assertThat(new ControlPlane().call("DescribeEndpoints", "{}")).isEqualTo(Map.of("Endpoints", List.of(
                    Map.of("Address", "dynamodb.us-east-1.amazonaws.com", "CachePeriodInMinutes", BigDecimal.valueOf(1440)))));
        }
    }

    @Nested class Validation {
        @Test void unknownMembersAreIgnored() {
            assertThat(new ControlPlane().call("DescribeEndpoints", "{'Whatever':1}")).containsKey("Endpoints");
        }
    }

    @Nested class Behaviour {
        @Test void advertisesTheServersOwnAddressWhenConfigured() {
            ControlPlane cp = new ControlPlane(Settings.defaults().withEndpointAddress("127.0.0.1:8000"));
            Map<String, Object> endpoint = ControlPlane.map(ControlPlane.list(cp.call("DescribeEndpoints", "{}").get("Endpoints")).get(0));
            assertThat(endpoint.get("Address")).isEqualTo("127.0.0.1:8000");
        }
    }
}
