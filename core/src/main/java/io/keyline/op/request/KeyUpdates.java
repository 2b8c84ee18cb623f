package io.keyline.op.request;

import io.keyline.error.Errors;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.Update;
import io.keyline.model.KeySchema;

/** An update may not touch key attributes: DynamoDB rejects it before reading the item. */
public final class KeyUpdates {
    private KeyUpdates() {}

    public static void check(KeySchema schema, Update update) {
        if (update == null) return;
        for (DocumentPath path : update.targetPaths()) {
            if (schema.isKeyAttribute(path.head())) {
                throw Errors.validation("One or more parameter values were invalid: Cannot update attribute "
                        + path.head() + ". This attribute is part of the key");
            }
        }
    }
}
