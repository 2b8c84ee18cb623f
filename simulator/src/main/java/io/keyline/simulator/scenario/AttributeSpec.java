package io.keyline.simulator.scenario;

import java.math.BigDecimal;
import java.util.Map;

/**
 * One attribute of an item template (or of a request's key): its DynamoDB type, how often it is
 * present, and the generator of its values. Immutable.
 *
 * @param name      attribute name
 * @param type      S, N, B or BOOL
 * @param presence  probability of being present, in [0, 1]
 * @param when      present only if these earlier attributes of the item have these values (empty: always)
 * @param generator its values
 */
record AttributeSpec(String name, Type type, double presence, Map<String, String> when, ValueGenerator generator) {

    enum Type { S, N, B, BOOL }

    /** Whether the item being made has this attribute; may draw from the item's random stream. */
    boolean present(Draw draw) {
        for (Map.Entry<String, String> w : when.entrySet()) {
            if (!w.getValue().equals(draw.made.get(w.getKey()))) return false;
        }
        return presence >= 1.0 || draw.random.nextDouble() < presence;
    }

    /** The value as DynamoDB's JSON shape ({"S": "..."}), having recorded its text in the draw. */
    Object make(Draw draw) {
        String text = generator.next(draw);
        draw.made.put(name, text);
        return wire(type, text);
    }

    static Object wire(Type type, String text) {
        return switch (type) {
            case S -> Map.of("S", text);
            case N -> Map.of("N", text);
            case B -> Map.of("B", text);
            case BOOL -> Map.of("BOOL", Boolean.valueOf(text));
        };
    }

    /** Whether {@code text} is a DynamoDB number as a generator wrote it. */
    static boolean isNumber(String text) {
        try {
            new BigDecimal(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
