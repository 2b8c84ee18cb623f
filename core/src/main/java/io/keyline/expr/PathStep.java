package io.keyline.expr;

/**
 * One step of a document path: a map key or a list index. Immutable.
 */
public sealed interface PathStep permits PathStep.Field, PathStep.Index {

    /**
     * A map key (or top-level attribute name). {@code placeholder} is true while the step is an
     * unresolved {@code #name}; {@code bare} records that the text was written directly in the
     * expression (so reserved words apply to it).
     */
    record Field(String name, boolean placeholder, boolean bare) implements PathStep {
        public static Field of(String name) { return new Field(name, false, false); }
        @Override public String toString() { return name; }
    }

    /** A list index, {@code [n]}. */
    record Index(int index) implements PathStep {
        @Override public String toString() { return "[" + index + "]"; }
    }
}
