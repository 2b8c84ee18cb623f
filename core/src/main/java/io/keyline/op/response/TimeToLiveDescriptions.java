package io.keyline.op.response;

import io.keyline.metadata.TimeToLiveState;
import io.keyline.metadata.TimeToLiveStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * UpdateTimeToLive's and DescribeTimeToLive's answers (docs/RULES.md#TTL-DESCRIBE): the
 * specification as asked, and the status with its attribute name, which a DISABLED table (or
 * one never configured) does not show. Stateless.
 */
public final class TimeToLiveDescriptions {
    private TimeToLiveDescriptions() {}

    /** UpdateTimeToLive's response: the specification it was given. */
    public static Map<String, Object> specification(boolean enabled, String attributeName) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("Enabled", enabled);
        spec.put("AttributeName", attributeName);
        return Map.of("TimeToLiveSpecification", spec);
    }

    /** DescribeTimeToLive's response; {@code state} resolved at now, null if never configured. */
    public static Map<String, Object> describe(TimeToLiveState state) {
        Map<String, Object> d = new LinkedHashMap<>();
        TimeToLiveStatus status = state == null ? TimeToLiveStatus.DISABLED : state.status();
        d.put("TimeToLiveStatus", status.name());
        if (status != TimeToLiveStatus.DISABLED) d.put("AttributeName", state.attributeName());
        return Map.of("TimeToLiveDescription", d);
    }
}
