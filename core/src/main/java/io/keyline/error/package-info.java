/**
 * The one exception a client ever sees, {@link io.keyline.error.ApiException}, and its factory
 * {@link io.keyline.error.Errors}: one method per DynamoDB error name with its wire type and HTTP
 * status. Rendered to the wire in one place, by the server. And
 * {@link io.keyline.error.InternalFailure}: a named internal error (what Keyline was doing, what
 * went wrong) that a client only ever sees as InternalServerError.
 */
package io.keyline.error;
