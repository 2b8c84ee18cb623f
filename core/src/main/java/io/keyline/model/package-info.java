/**
 * DynamoDB's data model as immutable values: {@link io.keyline.model.AttributeValue} (the ten
 * types, numbers normalized), {@link io.keyline.model.Binary}, key schemas, and the sizing rules
 * everything else builds on ({@link io.keyline.model.ItemSize}, {@link io.keyline.model.Numbers}).
 * Depends on nothing else in Keyline.
 */
package io.keyline.model;
