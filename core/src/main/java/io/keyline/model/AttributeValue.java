package io.keyline.model;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A DynamoDB attribute value, decoded once from the wire and immutable from then on.
 *
 * <p>Invariants: numbers are held normalized by {@link Numbers#normalize} (so equal numbers are
 * equal records); sets are non-empty and duplicate-free when they come from validated input;
 * collections are unmodifiable. Values are safe to share between threads.
 */
public sealed interface AttributeValue
        permits AttributeValue.S, AttributeValue.N, AttributeValue.B, AttributeValue.Bool,
                AttributeValue.Null, AttributeValue.L, AttributeValue.M, AttributeValue.SS,
                AttributeValue.NS, AttributeValue.BS {

    /** The DynamoDB type tag: "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS". */
    String type();

    record S(String value) implements AttributeValue {
        public String type() { return "S"; }
    }

    /** A number, normalized: no trailing zeros, so 1.50 and 1.5 are the same record. */
    record N(BigDecimal value) implements AttributeValue {
        public N { value = Numbers.normalize(value); }
        public String type() { return "N"; }
        /** The text DynamoDB returns for this number ({@code value} is normalized already). */
        public String text() { return value.toPlainString(); }
    }

    record B(Binary value) implements AttributeValue {
        public String type() { return "B"; }
    }

    record Bool(boolean value) implements AttributeValue {
        public static final Bool TRUE = new Bool(true);
        public static final Bool FALSE = new Bool(false);
        public String type() { return "BOOL"; }
    }

    record Null() implements AttributeValue {
        public static final Null INSTANCE = new Null();
        public String type() { return "NULL"; }
    }

    record L(List<AttributeValue> values) implements AttributeValue {
        public L { values = List.copyOf(values); }
        public String type() { return "L"; }
    }

    /** A map; keeps insertion order so responses echo what the client sent. */
    record M(Map<String, AttributeValue> values) implements AttributeValue {
        public M { values = Collections.unmodifiableMap(new LinkedHashMap<>(values)); }
        public String type() { return "M"; }
    }

    record SS(Set<String> values) implements AttributeValue {
        public SS { values = Collections.unmodifiableSet(new LinkedHashSet<>(values)); }
        public String type() { return "SS"; }
    }

    /** A number set; elements normalized, so set equality is numeric equality. */
    record NS(Set<BigDecimal> values) implements AttributeValue {
        public NS {
            LinkedHashSet<BigDecimal> copy = new LinkedHashSet<>();
            for (BigDecimal v : values) copy.add(Numbers.normalize(v));
            values = Collections.unmodifiableSet(copy);
        }
        public String type() { return "NS"; }
    }

    record BS(Set<Binary> values) implements AttributeValue {
        public BS { values = Collections.unmodifiableSet(new LinkedHashSet<>(values)); }
        public String type() { return "BS"; }
    }

    static S s(String v) { return new S(v); }
    static N n(String v) { return new N(new BigDecimal(v)); }
    static N n(long v) { return new N(BigDecimal.valueOf(v)); }
    static N n(BigDecimal v) { return new N(v); }
    static B b(byte[] v) { return new B(Binary.of(v)); }
    static Bool bool(boolean v) { return v ? Bool.TRUE : Bool.FALSE; }
    static Null nul() { return Null.INSTANCE; }
}
