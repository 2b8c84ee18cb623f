/**
 * Test support for every module that talks to Keyline over the wire: {@link
 * io.keyline.server.testing.KeylineExtension} (an in-memory server plus AWS SDK v2 clients per
 * test class) and {@link io.keyline.server.testing.RawHttp} (a socket-level HTTP/1.1 client for
 * requests no SDK would send). Published as keyline-server's test-jar.
 */
package io.keyline.server.testing;
