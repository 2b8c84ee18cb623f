package io.keyline.expr;

import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import io.keyline.model.Numbers;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Value semantics shared by conditions and updates: DynamoDB's ordering (numbers by value,
 * strings by UTF-8 bytes, binaries unsigned), contains/begins_with/size, set algebra and number
 * arithmetic with DynamoDB's 38-digit precision and exponent range. Stateless.
 */
final class Values {
    private Values() {}

    /** S, N and B are the types that have an order. */
    static boolean isOrdered(AttributeValue v) {
        return v instanceof AttributeValue.S || v instanceof AttributeValue.N || v instanceof AttributeValue.B;
    }

    static boolean isSet(AttributeValue v) {
        return v instanceof AttributeValue.SS || v instanceof AttributeValue.NS || v instanceof AttributeValue.BS;
    }

    /**
     * Compares two values of the same ordered type; the caller checks {@link #isOrdered} and
     * equal types first.
     */
    static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.N x && b instanceof AttributeValue.N y) return x.value().compareTo(y.value());
        if (a instanceof AttributeValue.S x && b instanceof AttributeValue.S y) return compareUtf8(x.value(), y.value());
        if (a instanceof AttributeValue.B x && b instanceof AttributeValue.B y) return x.value().compareTo(y.value());
        throw new IllegalArgumentException("not comparable: " + a.type() + " and " + b.type());
    }

    /** True if both are present, of one ordered type, and compare as asked. */
    static boolean comparable(AttributeValue a, AttributeValue b) {
        return a != null && b != null && isOrdered(a) && a.type().equals(b.type());
    }

    /** UTF-8 byte order is code point order. */
    static int compareUtf8(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) return Integer.compare(ca, cb);
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    static boolean beginsWith(AttributeValue a, AttributeValue prefix) {
        if (a instanceof AttributeValue.S s && prefix instanceof AttributeValue.S p) return s.value().startsWith(p.value());
        if (a instanceof AttributeValue.B s && prefix instanceof AttributeValue.B p) return s.value().startsWith(p.value());
        return false;
    }

    /** contains(): substring of a string or binary, or member of a set or list. */
    static boolean contains(AttributeValue haystack, AttributeValue needle) {
        if (haystack == null || needle == null) return false;
        if (haystack instanceof AttributeValue.S s) {
            return needle instanceof AttributeValue.S n && s.value().contains(n.value());
        }
        if (haystack instanceof AttributeValue.B b) {
            return needle instanceof AttributeValue.B n && b.value().contains(n.value());
        }
        if (haystack instanceof AttributeValue.SS ss) {
            return needle instanceof AttributeValue.S n && ss.values().contains(n.value());
        }
        if (haystack instanceof AttributeValue.NS ns) {
            return needle instanceof AttributeValue.N n && ns.values().contains(n.value());
        }
        if (haystack instanceof AttributeValue.BS bs) {
            return needle instanceof AttributeValue.B n && bs.values().contains(n.value());
        }
        if (haystack instanceof AttributeValue.L l) {
            return l.values().contains(needle);
        }
        return false;
    }

    /** size(): length of a string (UTF-8 bytes) or binary, element count of a set, list or map; else null. */
    static AttributeValue.N size(AttributeValue v) {
        long n;
        if (v instanceof AttributeValue.S s) n = s.value().getBytes(StandardCharsets.UTF_8).length;
        else if (v instanceof AttributeValue.B b) n = b.value().length();
        else if (v instanceof AttributeValue.SS ss) n = ss.values().size();
        else if (v instanceof AttributeValue.NS ns) n = ns.values().size();
        else if (v instanceof AttributeValue.BS bs) n = bs.values().size();
        else if (v instanceof AttributeValue.L l) n = l.values().size();
        else if (v instanceof AttributeValue.M m) n = m.values().size();
        else return null;
        return AttributeValue.n(n);
    }

    /** A number result of arithmetic, checked against DynamoDB's precision and range. */
    static AttributeValue.N checkedNumber(BigDecimal result) {
        if (result.signum() == 0) return AttributeValue.n(BigDecimal.ZERO);
        BigDecimal n = result.stripTrailingZeros();
        int exp = Numbers.leadingExponent(n);
        if (exp < Numbers.MIN_EXPONENT) throw ExprErrors.validation(ExprErrors.NUMBER_UNDERFLOW);
        // DynamoDB reports lost precision with its overflow text, as observed on the service.
        if (exp > Numbers.MAX_EXPONENT || n.precision() > Numbers.MAX_PRECISION) {
            throw ExprErrors.validation(ExprErrors.NUMBER_OVERFLOW);
        }
        return AttributeValue.n(n);
    }

    static AttributeValue.N add(AttributeValue.N a, AttributeValue.N b) {
        return checkedNumber(a.value().add(b.value()));
    }

    static AttributeValue.N subtract(AttributeValue.N a, AttributeValue.N b) {
        return checkedNumber(a.value().subtract(b.value()));
    }

    /** Union of two sets of the same type, or null if the types differ. */
    static AttributeValue union(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.SS x && b instanceof AttributeValue.SS y) return new AttributeValue.SS(plus(x.values(), y.values()));
        if (a instanceof AttributeValue.NS x && b instanceof AttributeValue.NS y) return new AttributeValue.NS(plus(x.values(), y.values()));
        if (a instanceof AttributeValue.BS x && b instanceof AttributeValue.BS y) return new AttributeValue.BS(plus(x.values(), y.values()));
        return null;
    }

    /** What remains of {@code a} after removing {@code b}'s elements: null if the types differ. */
    static Difference difference(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.SS x && b instanceof AttributeValue.SS y) {
            Set<String> r = minus(x.values(), y.values());
            return new Difference(r.isEmpty() ? null : new AttributeValue.SS(r));
        }
        if (a instanceof AttributeValue.NS x && b instanceof AttributeValue.NS y) {
            Set<BigDecimal> r = minus(x.values(), y.values());
            return new Difference(r.isEmpty() ? null : new AttributeValue.NS(r));
        }
        if (a instanceof AttributeValue.BS x && b instanceof AttributeValue.BS y) {
            Set<Binary> r = minus(x.values(), y.values());
            return new Difference(r.isEmpty() ? null : new AttributeValue.BS(r));
        }
        return null;
    }

    /** Result of a set difference: {@code remaining} is null when the set became empty. */
    record Difference(AttributeValue remaining) {}

    private static <T> Set<T> plus(Set<T> a, Set<T> b) {
        Set<T> r = new LinkedHashSet<>(a);
        r.addAll(b);
        return r;
    }

    private static <T> Set<T> minus(Set<T> a, Set<T> b) {
        Set<T> r = new LinkedHashSet<>(a);
        r.removeAll(b);
        return r;
    }

    /** DynamoDB's rendering of a value inside messages, e.g. {@code {N:5}}. */
    static String render(AttributeValue v) {
        Object shown;
        if (v instanceof AttributeValue.S s) shown = s.value();
        else if (v instanceof AttributeValue.N n) shown = n.text();
        else if (v instanceof AttributeValue.B b) shown = b.value().toBase64();
        else shown = v;
        return "{" + v.type() + ":" + shown + "}";
    }

    /** The type names DynamoDB uses in ADD/DELETE operand errors. */
    static String longTypeName(AttributeValue v) {
        switch (v.type()) {
            case "S": return "STRING";
            case "N": return "NUMBER";
            case "B": return "BINARY";
            case "BOOL": return "BOOLEAN";
            case "NULL": return "NULL";
            case "L": return "LIST";
            case "M": return "MAP";
            default: return v.type();
        }
    }
}
