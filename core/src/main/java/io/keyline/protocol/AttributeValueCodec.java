package io.keyline.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.NumberText;
import io.keyline.model.Numbers;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Wire form of attribute values: {@code {"S":"x"}}, {@code {"N":"1"}}, {@code {"B":"base64"}}, ...
 * Decoding validates what DynamoDB validates on every value (exactly one type, number range and
 * precision, non-empty duplicate-free sets) with DynamoDB's messages. Stateless.
 */
public final class AttributeValueCodec {
    private static final java.util.Set<String> TYPES = java.util.Set.of("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS");

    private AttributeValueCodec() {}

    @SuppressWarnings("unchecked")
    public static Map<String, AttributeValue> decodeItem(Map<String, Object> raw) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(Math.max(4, raw.size() * 2));
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            Object v = e.getValue();
            if (v == null) throw Errors.validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
            item.put(e.getKey(), decode(v));
        }
        return item;
    }

    @SuppressWarnings("unchecked")
    public static AttributeValue decode(Object raw) {
        if (!(raw instanceof Map<?, ?> m)) throw JsonObject.wrongType(raw, "AttributeValue");
        Map<String, Object> map = (Map<String, Object>) m;
        String type = null;
        Object value = null;
        for (Map.Entry<String, Object> e : map.entrySet()) {
            // DynamoDB's deserializer ignores members it does not know, so {"dog": "cat"} is an
            // empty AttributeValue (ValidationException), not a SerializationException.
            if (e.getValue() == null || !TYPES.contains(e.getKey())) continue;
            if (type != null) {
                throw Errors.validation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
            }
            type = e.getKey();
            value = e.getValue();
        }
        if (type == null) throw Errors.validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        switch (type) {
            case "S": return new AttributeValue.S(str(value));
            case "N": return new AttributeValue.N(number(str(value)));
            case "B": return new AttributeValue.B(binary(value));
            case "BOOL":
                if (!(value instanceof Boolean b)) throw JsonObject.wrongType(value, "Boolean");
                return AttributeValue.bool(b);
            case "NULL":
                if (!(value instanceof Boolean b)) throw JsonObject.wrongType(value, "Boolean");
                if (!b) throw Errors.validation("One or more parameter values were invalid: Null attribute value types must have the value of true");
                return AttributeValue.Null.INSTANCE;
            case "L": {
                if (!(value instanceof List<?> l)) throw JsonObject.wrongType(value, "List");
                List<AttributeValue> out = new ArrayList<>(l.size());
                for (Object o : l) {
                    if (o == null) throw Errors.validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
                    out.add(decode(o));
                }
                return new AttributeValue.L(out);
            }
            case "M": {
                if (!(value instanceof Map<?, ?>)) throw JsonObject.wrongType(value, "Map");
                return new AttributeValue.M(decodeItem((Map<String, Object>) value));
            }
            case "SS": {
                List<String> l = stringList(value);
                if (l.isEmpty()) throw Errors.validation("One or more parameter values were invalid: An string set  may not be empty");
                Set<String> set = new LinkedHashSet<>(l);
                if (set.size() != l.size()) throw duplicates(l);
                return new AttributeValue.SS(set);
            }
            case "NS": {
                List<String> l = stringList(value);
                if (l.isEmpty()) throw Errors.validation("One or more parameter values were invalid: An number set  may not be empty");
                Set<BigDecimal> set = new LinkedHashSet<>();
                for (String s : l) set.add(Numbers.normalize(number(s)));
                if (set.size() != l.size()) throw duplicates(l);
                return new AttributeValue.NS(set);
            }
            case "BS": {
                if (!(value instanceof List<?> l)) throw JsonObject.wrongType(value, "List");
                if (l.isEmpty()) throw Errors.validation("One or more parameter values were invalid: Binary sets should not be empty");
                Set<Binary> set = new LinkedHashSet<>();
                for (Object o : l) set.add(binary(o));
                if (set.size() != l.size()) {
                    List<String> shown = new ArrayList<>();
                    for (Object o : l) shown.add(String.valueOf(o));
                    throw duplicates(shown);
                }
                return new AttributeValue.BS(set);
            }
            default:
                throw Errors.serialization("Unknown AttributeValue type: " + type);
        }
    }


    private static RuntimeException duplicates(List<String> l) {
        return Errors.validation("One or more parameter values were invalid: Input collection " + l + " contains duplicates.");
    }

    private static String str(Object v) {
        if (v instanceof String s) return s;
        throw JsonObject.wrongType(v, "String");
    }

    private static List<String> stringList(Object v) {
        if (!(v instanceof List<?> l)) throw JsonObject.wrongType(v, "List");
        List<String> out = new ArrayList<>(l.size());
        for (Object o : l) out.add(str(o));
        return out;
    }

    private static Binary binary(Object v) {
        String s = str(v);
        // DynamoDB insists on padded, canonical base64; Java's decoder would accept missing padding.
        if (s.length() % 4 != 0) {
            throw Errors.serialization("Base64 encoded length is expected a multiple of 4 bytes but found: " + s.length());
        }
        try {
            return Binary.wrap(Base64.getDecoder().decode(s));
        } catch (IllegalArgumentException e) {
            throw Errors.serialization("Invalid Base64 character in binary data");
        }
    }

    /**
     * Parses and range-checks a number as DynamoDB does, in time linear in the text's length
     * (docs/RULES.md#LIMIT-NUMBER).
     */
    public static BigDecimal number(String text) {
        try {
            return NumberText.parse(text);
        } catch (NumberText.Invalid e) {
            throw switch (e.problem()) {
                case NOT_A_NUMBER -> Errors.validation("The parameter cannot be converted to a numeric value: " + text);
                case TOO_PRECISE -> Errors.validation("Attempting to store more than 38 significant digits in a Number");
                case OVERFLOW -> Errors.validation("Number overflow. Attempting to store a number with magnitude larger than supported range");
                case UNDERFLOW -> Errors.validation("Number underflow. Attempting to store a number with magnitude smaller than supported range");
            };
        }
    }

    public static void write(JsonGenerator g, AttributeValue v) throws IOException {
        g.writeStartObject();
        if (v instanceof AttributeValue.S s) {
            g.writeStringField("S", s.value());
        } else if (v instanceof AttributeValue.N n) {
            g.writeStringField("N", n.text());
        } else if (v instanceof AttributeValue.B b) {
            g.writeStringField("B", b.value().toBase64());
        } else if (v instanceof AttributeValue.Bool b) {
            g.writeBooleanField("BOOL", b.value());
        } else if (v instanceof AttributeValue.Null) {
            g.writeBooleanField("NULL", true);
        } else if (v instanceof AttributeValue.L l) {
            g.writeArrayFieldStart("L");
            for (AttributeValue e : l.values()) write(g, e);
            g.writeEndArray();
        } else if (v instanceof AttributeValue.M m) {
            g.writeObjectFieldStart("M");
            writeItemFields(g, m.values());
            g.writeEndObject();
        } else if (v instanceof AttributeValue.SS ss) {
            g.writeArrayFieldStart("SS");
            for (String s : ss.values()) g.writeString(s);
            g.writeEndArray();
        } else if (v instanceof AttributeValue.NS ns) {
            g.writeArrayFieldStart("NS");
            for (BigDecimal d : ns.values()) g.writeString(Numbers.format(d));
            g.writeEndArray();
        } else if (v instanceof AttributeValue.BS bs) {
            g.writeArrayFieldStart("BS");
            for (Binary b : bs.values()) g.writeString(b.toBase64());
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    public static void writeItemFields(JsonGenerator g, Map<String, AttributeValue> item) throws IOException {
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            g.writeFieldName(e.getKey());
            write(g, e.getValue());
        }
    }
}
