package io.keyline.metadata;

import java.util.List;

/**
 * An index projection. {@code nonKeyAttributes} is non-empty only for {@link ProjectionType#INCLUDE}
 * (the operation layer enforces DynamoDB's rules before one is built). Immutable.
 */
public record Projection(ProjectionType type, List<String> nonKeyAttributes) {
    public Projection {
        nonKeyAttributes = nonKeyAttributes == null ? List.of() : List.copyOf(nonKeyAttributes);
    }

    public static Projection all() { return new Projection(ProjectionType.ALL, List.of()); }
}
