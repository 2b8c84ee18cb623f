package io.keyline.partiql;

import io.keyline.expr.DocumentPath;
import io.keyline.model.AttributeValue;
import java.util.List;

/**
 * An expression of a WHERE clause or of a SET's right-hand side. Literals are folded while
 * parsing (a list, map or set literal is one {@link Literal}), parameters are bound. Immutable.
 */
public sealed interface Expr {
    /** A document path such as {@code Devices.FireStick.DateWatched[0]}. */
    record Path(DocumentPath path) implements Expr {}

    /** A value written in the statement or bound to a {@code ?}. */
    record Literal(AttributeValue value) implements Expr {}

    /** {@code left op right}, op one of {@code = <> < <= > >=}. */
    record Compare(String op, Expr left, Expr right) implements Expr {}

    /** {@code value BETWEEN low AND high}. */
    record Between(Expr value, Expr low, Expr high) implements Expr {}

    /** {@code value IN [options]}. */
    record In(Expr value, List<Expr> options) implements Expr {
        public In { options = List.copyOf(options); }
    }

    record And(Expr left, Expr right) implements Expr {}

    record Or(Expr left, Expr right) implements Expr {}

    record Not(Expr operand) implements Expr {}

    /** A function call, name in lower case: begins_with, contains, attribute_type, size, list_append, set_add, ... */
    record Call(String name, List<Expr> args) implements Expr {
        public Call { args = List.copyOf(args); }
    }

    /** {@code path IS [NOT] MISSING}. */
    record IsMissing(DocumentPath path, boolean negated) implements Expr {}

    /** {@code path IS [NOT] NULL}: an attribute of DynamoDB's NULL type. */
    record IsNull(DocumentPath path, boolean negated) implements Expr {}

    /** {@code left + right} or {@code left - right}, only on a SET's right-hand side. */
    record Arithmetic(char op, Expr left, Expr right) implements Expr {}
}
