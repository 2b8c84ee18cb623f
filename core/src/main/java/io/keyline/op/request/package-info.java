/**
 * Typed requests: one record {@code <Operation>Request} per operation, and records for the
 * structures nested in them, as each operation's {@code decode} builds them from the wire JSON.
 * Decoding checks member types only (SerializationException); members are not yet validated,
 * so any of them may be null. Immutable.
 */
package io.keyline.op.request;
