/**
 * Test support shared by core's tests and, through core's test-jar, by other modules' tests:
 * calling operations as a client does ({@link io.keyline.testing.OperationCalls}) and the
 * storage a test runs on ({@link io.keyline.testing.TestStorage}: memory, or another kind
 * chosen by a system property, which is how the operation tests run on RocksDB too).
 */
package io.keyline.testing;
