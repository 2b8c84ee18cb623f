package io.keyline.simulator.scenario;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An item template: attributes made in the order the file lists them (so a calculated shard or a
 * {@code when} can read an earlier one). Immutable; {@link #item} is as thread-safe as its draw.
 */
record ItemTemplate(String name, List<AttributeSpec> attributes) {

    /** Item {@code draw.ordinal} as PutItem's Item map (attribute name to {"S": ...}); absent attributes left out. */
    Map<String, Object> item(Draw draw) {
        Map<String, Object> item = new HashMap<>(attributes.size() * 2);
        for (AttributeSpec a : attributes) {
            if (a.present(draw)) item.put(a.name(), a.make(draw));
        }
        return item;
    }

    AttributeSpec attribute(String attributeName) {
        for (AttributeSpec a : attributes) if (a.name().equals(attributeName)) return a;
        return null;
    }
}
