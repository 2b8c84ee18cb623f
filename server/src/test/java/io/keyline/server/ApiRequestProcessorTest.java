package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.sigv4.RequestIdentity;
import io.keyline.server.testing.RawHttp;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What {@link ApiRequestProcessor#prepare} hands on besides the operation: who the request says it is. */
class ApiRequestProcessorTest {
    private final ApiRequestProcessor processor = new ApiRequestProcessor(FakeOperations.create(), 1 << 20);

    private static HttpHeaders headers(String authorization) {
        HttpHeaders h = new DefaultHttpHeaders();
        RawHttp.apiHeaders("ListTables").forEach(h::set);
        h.set("Authorization", authorization);
        return h;
    }

    @Test
    void preparedRequestCarriesTheCredentialsKeyAndRegion() {
        String auth = RawHttp.DUMMY_AUTHORIZATION.replace("keyline/20250101/us-east-1", "AKIDEXAMPLE/20250101/eu-central-2");
        ApiRequestProcessor.Prepared p = processor.prepare("r", headers(auth), null, Unpooled.copiedBuffer("{}", StandardCharsets.UTF_8));
        assertThat(p.early()).isNull();
        assertThat(p.identity()).isEqualTo(new RequestIdentity("AKIDEXAMPLE", "eu-central-2"));
    }

    @Test
    void presignedRequestCarriesItsIdentityToo() {
        HttpHeaders h = headers("");
        h.remove("Authorization");
        String query = "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKID%2F20250101%2Fsa-east-1%2Fdynamodb%2Faws4_request"
                + "&X-Amz-Date=20250101T000000Z&X-Amz-SignedHeaders=host&X-Amz-Signature=00";
        ApiRequestProcessor.Prepared p = processor.prepare("r", h, query, Unpooled.copiedBuffer("{}", StandardCharsets.UTF_8));
        assertThat(p.identity()).isEqualTo(new RequestIdentity("AKID", "sa-east-1"));
    }

    @Test
    void refusedRequestHasNoIdentity() {
        ApiRequestProcessor.Prepared p = processor.prepare("r", headers("AWS4-"), null, Unpooled.copiedBuffer("{}", StandardCharsets.UTF_8));
        assertThat(p.identity()).isNull();
        assertThat(p.early().status()).isEqualTo(400);
    }
}
