/**
 * Linearizability of single-item operations, checked from outside: {@link
 * io.keyline.reliability.linearizability.HistoryRecorder} records concurrent strongly consistent
 * GetItem, PutItem, conditional UpdateItem and DeleteItem calls on a few keys over HTTP (invoke
 * and completion times, outcome ok / fail / info), and {@link
 * io.keyline.reliability.linearizability.LinearizabilityChecker} searches each key's history for
 * a legal order (Wing and Gong's algorithm with Lowe's memoisation, as Porcupine does) against
 * {@link io.keyline.reliability.linearizability.RegisterModel}, one register per key.
 */
package io.keyline.reliability.linearizability;
