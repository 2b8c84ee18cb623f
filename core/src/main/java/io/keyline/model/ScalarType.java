package io.keyline.model;

/** The types a key attribute may have. */
public enum ScalarType {
    S, N, B;

    /** True when the value is of this type. */
    public boolean matches(AttributeValue v) {
        return v != null && v.type().equals(name());
    }
}
