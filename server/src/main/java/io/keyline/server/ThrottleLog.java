package io.keyline.server;

import io.keyline.capacity.ThrottleExplanation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where throttle explanations are logged: one line each on the logger {@code io.keyline.throttle}
 * at INFO (the {@link io.keyline.metrics.ThrottleReporter} already limits them to one per table
 * or GSI a second). Stateless.
 */
public final class ThrottleLog {
    private static final Logger LOG = LoggerFactory.getLogger("io.keyline.throttle");

    private ThrottleLog() {}

    public static void log(ThrottleExplanation e) {
        LOG.info(e.text());
    }
}
