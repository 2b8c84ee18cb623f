package io.keyline.metadata;

import java.time.Instant;

/**
 * A table's stream settings as given by StreamSpecification. {@code label} is the
 * LatestStreamLabel (an ISO timestamp of when the stream was enabled); null when the stream was
 * never enabled. Immutable.
 */
public record StreamSettings(boolean enabled, String viewType, String label, Instant enabledAt) {}
