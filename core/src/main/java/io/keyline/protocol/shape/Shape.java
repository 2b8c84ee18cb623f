package io.keyline.protocol.shape;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One shape of DynamoDB's service model, as {@link ShapeModel} loads it: a type, and for a
 * structure its members in the model's order, for a list its member shape, for a map its key
 * and value shapes, and the constraints (enum, min / max, pattern). Built and linked once by
 * {@link ShapeModel}, immutable after that, so one instance serves every request thread.
 */
public final class Shape {
    /** The service model's shape types (its {@code "type"} values). */
    public enum Type {
        STRUCTURE, LIST, MAP, STRING, INTEGER, LONG, DOUBLE, BOOLEAN, BLOB, TIMESTAMP;

        static Type of(String modelName) {
            return valueOf(modelName.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** The pattern of table and index names (TableName, IndexName). */
    public static final String NAME_PATTERN = "[a-zA-Z0-9_.-]+";

    /** DynamoDB's Java package, which it names in some SerializationException texts. */
    private static final String MODEL_PACKAGE = "com.amazonaws.dynamodb.v20120810.";

    private final String name;
    private final Type type;
    final BigDecimal min;
    final BigDecimal max;
    final Pattern pattern;
    /** Whether the pattern is the table and index name pattern, matched by a loop (see {@link #matches}). */
    private final boolean namePattern;
    /** The enum values in the order DynamoDB's messages list them ({@link EnumOrder}). */
    final List<String> enumValues;
    private final Set<String> enumSet;

    // Linked by ShapeModel after every shape exists (shapes refer to each other, cyclically).
    String[] memberNames = new String[0];
    /** The member names as DynamoDB's member paths spell them: first letter lower case. */
    String[] memberPaths = new String[0];
    Shape[] memberShapes = new Shape[0];
    boolean[] memberRequired = new boolean[0];
    private Map<String, Integer> memberIndex = Map.of();
    Shape member;
    Shape key;
    Shape value;
    /**
     * Whether the shape or anything below it declares a constraint (set by {@link ShapeModel}):
     * the constraint walk skips what cannot fail, such as the string and number values of items.
     */
    boolean constrained;
    /** Whether some member is required: then every member must be visited, present or not. */
    boolean hasRequired;

    Shape(String name, Type type, BigDecimal min, BigDecimal max, String pattern, List<String> enumValues) {
        this.name = name;
        this.type = type;
        this.min = min;
        this.max = max;
        this.pattern = pattern == null ? null : Pattern.compile(pattern);
        this.namePattern = NAME_PATTERN.equals(pattern);
        this.enumValues = enumValues == null ? null : List.copyOf(enumValues);
        this.enumSet = enumValues == null ? null : Set.copyOf(enumValues);
    }

    void linkMembers(String[] names, Shape[] shapes, Set<String> required) {
        memberNames = names;
        memberShapes = shapes;
        memberPaths = new String[names.length];
        memberRequired = new boolean[names.length];
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            memberPaths[i] = Character.toLowerCase(names[i].charAt(0)) + names[i].substring(1);
            memberRequired[i] = required.contains(names[i]);
            hasRequired |= memberRequired[i];
            index.put(names[i], i);
        }
        memberIndex = Collections.unmodifiableMap(index);
    }

    /**
     * Whether {@code s} matches the shape's pattern (there must be one). Every item request
     * carries a TableName, so the name pattern is matched by a loop rather than a regex Matcher,
     * an allocation per request.
     */
    boolean matches(String s) {
        return namePattern ? isName(s) : pattern.matcher(s).matches();
    }

    /** Whether {@code s} matches {@link #NAME_PATTERN}, without a Matcher. */
    public static boolean isName(String s) {
        int n = s.length();
        if (n == 0) return false;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-')) return false;
        }
        return true;
    }

    /** Whether the shape constrains its own value (enum, length or range, pattern), not only its members'. */
    boolean hasOwnConstraints() {
        return min != null || max != null || pattern != null || enumValues != null;
    }

    public String name() { return name; }

    public Type type() { return type; }

    /** Index of a structure's member, or -1 if the model does not know it (DynamoDB ignores it). */
    int memberIndex(String memberName) {
        Integer i = memberIndex.get(memberName);
        return i == null ? -1 : i;
    }

    /** A structure's member shape by name, or null. */
    public Shape member(String memberName) {
        int i = memberIndex(memberName);
        return i < 0 ? null : memberShapes[i];
    }

    /** The member names of a structure, in the model's order. */
    public List<String> memberNames() { return List.of(memberNames); }

    public boolean isRequired(String memberName) {
        int i = memberIndex(memberName);
        return i >= 0 && memberRequired[i];
    }

    /** A list's member shape, or null. */
    public Shape listMember() { return member; }

    /** A map's key and value shapes, or null. */
    public Shape mapKey() { return key; }

    public Shape mapValue() { return value; }

    /** Enum values in DynamoDB's message order, or null if the shape is no enum. */
    public List<String> enumValues() { return enumValues; }

    boolean allows(String s) { return enumSet == null || enumSet.contains(s); }

    /**
     * The Java type DynamoDB's deserializer names for this shape in texts such as
     * "Unrecognized collection type java.util.Map&lt;java.lang.String, ...&gt;".
     */
    String javaType() {
        return switch (type) {
            case STRUCTURE -> MODEL_PACKAGE + name;
            case LIST -> "java.util.List<" + member.javaType() + ">";
            case MAP -> "java.util.Map<" + key.javaType() + ", " + value.javaType() + ">";
            case STRING -> "java.lang.String";
            case INTEGER -> "java.lang.Integer";
            case LONG -> "java.lang.Long";
            case DOUBLE -> "java.lang.Double";
            case BOOLEAN -> "java.lang.Boolean";
            case BLOB -> "java.nio.ByteBuffer";
            case TIMESTAMP -> "java.util.Date";
        };
    }

    /** The short type name in "STRING_VALUE cannot be converted to Integer". */
    String scalarName() {
        return switch (type) {
            case STRING -> "String";
            case INTEGER -> "Integer";
            case LONG -> "Long";
            case DOUBLE -> "Double";
            case BOOLEAN -> "Boolean";
            case TIMESTAMP -> "Date";
            default -> throw new IllegalStateException(name + " is not a scalar");
        };
    }

    @Override public String toString() { return name + ":" + type; }
}
