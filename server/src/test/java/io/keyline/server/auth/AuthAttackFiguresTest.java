package io.keyline.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.ServerSecurity;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The figures of docs/SECURITY.md: forged, expired and unsigned requests tried, and how many
 * were admitted under {@code --auth enforce} (goal 0). Each tries to delete a table it must not
 * reach, as the unverified server let a bad signature or an expired date do (issue 17, item 9).
 * Run: {@code mvn -q -o -pl server -am test -Dtest=AuthAttackFiguresTest -Dsurefire.failIfNoSpecifiedTests=false};
 * the counts are printed. Seeded, so a run repeats.
 */
class AuthAttackFiguresTest {
    static final int EACH = 100;
    static final String DELETE = "{\"TableName\":\"Victim\"}";

    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory()
            .withSecurity(new ServerSecurity(Authenticator.enforce(AuthEnforceTest.credentials(), SystemClock.INSTANCE), null));

    @Test void noForgedExpiredOrUnsignedRequestIsAdmitted() {
        keyline.client().createTable(b -> b.tableName("Victim").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
        Random random = new Random(17);
        String k = AuthEnforceTest.KEY_A, s = AuthEnforceTest.SECRET_A;

        int forged = tries("forged", i -> switch (i % 6) {
            // a signature made up
            case 0 -> withSignature(sign(k, s, Instant.now()), hex(random, 64));
            // the right key id with a guessed secret
            case 1 -> sign(k, "guess-" + i, Instant.now());
            // a signed request whose body was changed on the way
            case 2 -> withBody(sign(k, s, Instant.now()), "{\"TableName\":\"Victim\",\"x\":" + i + "}");
            // another account's key id put into a valid signature's scope
            case 3 -> withHeader(sign(k, s, Instant.now()), "Authorization",
                    sign(k, s, Instant.now()).headers().get("Authorization").replace("Credential=" + k, "Credential=" + AuthEnforceTest.KEY_B));
            // a signature for one operation sent with another target
            case 4 -> withHeader(signOp("DescribeTable", k, s, Instant.now()), "X-Amz-Target", "DynamoDB_20120810.DeleteTable");
            // a key id nobody has
            default -> sign("AKID" + hex(random, 12).toUpperCase(), s, Instant.now());
        });
        int expired = tries("expired", i -> i % 2 == 0
                ? sign(k, s, Instant.now().minus(Duration.ofMinutes(16 + random.nextInt(60 * 24 * 30))))
                : sign(k, s, Instant.now().plus(Duration.ofMinutes(16 + random.nextInt(60 * 24)))));
        int unsigned = tries("unsigned", i -> {
            SdkSigner.Signed signed = sign(k, s, Instant.now());
            Map<String, String> h = new LinkedHashMap<>(signed.headers());
            switch (i % 3) {
                case 0 -> h.remove("Authorization");
                case 1 -> h.put("Authorization", "Bearer " + hex(random, 32));
                default -> h.put("Authorization", "AWS4-HMAC-SHA256 Credential=" + k + "/20260101/us-east-1/dynamodb/aws4_request");
            }
            return new SdkSigner.Signed(signed.pathAndQuery(), h, signed.body());
        });
        assertThat(keyline.client().listTables().tableNames()).as("the victim table survived").contains("Victim");
        assertThat(forged + expired + unsigned).isZero();
    }

    /** Sends EACH requests of one kind; prints and returns how many were admitted (HTTP 200). */
    private static int tries(String kind, IntFunction<SdkSigner.Signed> make) {
        int admitted = 0;
        try (RawHttp raw = keyline.raw()) {
            for (int i = 0; i < EACH; i++) {
                SdkSigner.Signed r = make.apply(i);
                RawHttp.Response reply = raw.send("POST", r.pathAndQuery(), r.headers(), r.body());
                if (reply.status() == 200) admitted++;
                assertThat(reply.status()).as(kind + " " + i + ": " + reply.text()).isEqualTo(400);
            }
        }
        System.out.printf("auth figures: %s requests tried %d, admitted %d%n", kind, EACH, admitted);
        return admitted;
    }

    private static SdkSigner.Signed sign(String key, String secret, Instant at) {
        return signOp("DeleteTable", key, secret, at);
    }

    private static SdkSigner.Signed signOp(String op, String key, String secret, Instant at) {
        return SdkSigner.sign(keyline.endpoint(), op, DELETE, key, secret, "us-east-1", at, false);
    }

    private static SdkSigner.Signed withSignature(SdkSigner.Signed s, String signature) {
        return withHeader(s, "Authorization", s.headers().get("Authorization").replaceAll("Signature=[0-9a-f]+", "Signature=" + signature));
    }

    private static SdkSigner.Signed withBody(SdkSigner.Signed s, String body) {
        Map<String, String> h = new LinkedHashMap<>(s.headers());
        h.remove("Content-Length");
        return new SdkSigner.Signed(s.pathAndQuery(), h, body.getBytes(StandardCharsets.UTF_8));
    }

    private static SdkSigner.Signed withHeader(SdkSigner.Signed s, String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(s.headers());
        h.put(name, value);
        return new SdkSigner.Signed(s.pathAndQuery(), h, s.body());
    }

    private static String hex(Random random, int digits) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < digits; i++) out.append(Character.forDigit(random.nextInt(16), 16));
        return out.toString();
    }
}
