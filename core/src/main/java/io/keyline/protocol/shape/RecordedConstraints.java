package io.keyline.protocol.shape;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Constraints DynamoDB reports for a shape where they differ from the published model's. The
 * published model gives every TableName member the shape {@code TableArn} (1 to 1,024
 * characters, no pattern) since table ARNs are accepted there; Keyline serves table names only,
 * and DynamoDB's recorded answers for a name give the name's own bounds and pattern (3 to 255,
 * {@code [a-zA-Z0-9_.-]+}): dynalite test/getItem.js, putItem.js, query.js, scan.js ("Member must
 * have length greater than or equal to 3" with the pattern for '' and 'a;', "less than or equal
 * to 255" for 256 characters) and test/batchWriteItem.js, batchGetItem.js (the same bounds as
 * "Map keys must satisfy constraint" of RequestItems), run against DynamoDB.
 * docs/RULES.md#VALIDATION-TABLE-NAME. Constant.
 */
final class RecordedConstraints {
    /** Shape name → {min, max, pattern}, as the shape of that name is checked instead of the model's. */
    private static final Map<String, Object[]> RECORDED = Map.of(
            "TableArn", new Object[] {BigDecimal.valueOf(3), BigDecimal.valueOf(255), Shape.NAME_PATTERN});

    private RecordedConstraints() {}

    /** The shape as DynamoDB checks it: the recorded constraints, or the model's {@code shape} itself. */
    static Shape of(Shape shape) {
        Object[] r = RECORDED.get(shape.name());
        if (r == null) return shape;
        return new Shape(shape.name(), shape.type(), (BigDecimal) r[0], (BigDecimal) r[1], (String) r[2], shape.enumValues);
    }
}
