package io.keyline.engine.api;

import java.time.Instant;

/** Point-in-time recovery of a table that has it on: its period and the instants it can restore to, inclusive. */
public record RecoveryWindow(int periodDays, Instant earliest, Instant latest) {}
