package io.keyline.op.request;

import java.util.List;

/** An index's Projection as sent: the type and, for INCLUDE, the projected attributes (elements may be null). */
public record IndexProjection(String projectionType, List<String> nonKeyAttributes) {}
