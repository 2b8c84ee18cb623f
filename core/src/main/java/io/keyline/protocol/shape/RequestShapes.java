package io.keyline.protocol.shape;

import java.util.Map;

/**
 * The front of this package: DynamoDB's two checks of a parsed request, in its order, driven by
 * the service model ({@link ShapeModel}). First {@link #deserialize}: each member's JSON type
 * against its shape (SerializationException, the first wrong member in body order); then
 * {@link #constraints}: the declared constraints of every member, aggregated into one
 * ValidationException. What DynamoDB checks after these (whether the table exists, keys against
 * the schema, expressions) is the operations' work. Both walk the parsed map only: no
 * reflection, no regex compiled per request. Immutable; one instance serves all threads.
 */
public final class RequestShapes {
    private static final class Holder {
        static final RequestShapes INSTANCE = new RequestShapes(ShapeModel.dynamoDb());
    }

    private final ShapeModel model;

    public RequestShapes(ShapeModel model) {
        this.model = model;
    }

    /** The validator over core's DynamoDB model. */
    public static RequestShapes dynamoDb() { return Holder.INSTANCE; }

    public ShapeModel model() { return model; }

    /** Both checks; throws the SerializationException or the aggregated ValidationException. */
    public void validate(String operation, Map<String, Object> request) {
        deserialize(operation, request);
        constraints(operation, request).throwIfAny();
    }

    /**
     * Deserialization: throws DynamoDB's SerializationException for the first member (in body
     * order) of the wrong JSON type. May coerce a boolean written as a string in place, as
     * DynamoDB reads it. An operation the model does not describe is let through.
     */
    public void deserialize(String operation, Map<String, Object> request) {
        Shape input = model.input(operation);
        if (input != null) Deserialization.check(input, request);
    }

    /**
     * Constraints, on a request that passed {@link #deserialize}: the violations, not thrown, so
     * that an operation can add its own member checks to the same message before
     * {@link Violations#throwIfAny}.
     */
    public Violations constraints(String operation, Map<String, Object> request) {
        Violations v = new Violations();
        Shape input = model.input(operation);
        if (input != null) ConstraintCheck.check(input, request, v);
        return v;
    }
}
