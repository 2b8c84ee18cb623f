package io.keyline.examples.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.sdk.MergedPage;
import io.keyline.server.testing.KeylineExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Runs the example against a Keyline server in process and prints its walk-through (README.md's
 * one command), then checks what it shows: the queue in placed-at order across the 16 shards,
 * exactly 20 a page, shipped orders gone, the order marked pending first in line.
 */
class StatusQueueDemoTest {
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory();

    @Test void theWalkThrough() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        StatusQueueDemo.run(keyline.client(), new PrintStream(text, true, StandardCharsets.UTF_8));
        String shown = text.toString(StandardCharsets.UTF_8);
        System.out.println(shown);
        assertThat(shown).contains("placed 2,000 orders, 400 pending", "PENDING#00 to PENDING#15", "worker 2 resumes",
                "cost: 16 shard queries, ");

        try (StatusQueue queue = new StatusQueue(keyline.client())) {
            MergedPage head = queue.oldestPending(3, null);
            // order 1 was marked pending as the oldest; the pending orders 0, 5, ..., 95 were shipped
            assertThat(head.items()).extracting(item -> item.get("orderId").s())
                    .containsExactly(StatusQueueDemo.orderId(1), StatusQueueDemo.orderId(100), StatusQueueDemo.orderId(105));
            int total = 0;
            String token = null;
            String last = "";
            do {
                MergedPage page = queue.oldestPending(StatusQueueDemo.PAGE, token);
                if (page.hasMore()) assertThat(page.count()).isEqualTo(StatusQueueDemo.PAGE);
                for (var item : page.items()) {
                    assertThat(item.get("pendingSince").s()).isGreaterThan(last);
                    last = item.get("pendingSince").s();
                }
                total += page.count();
                token = page.hasMore() ? page.cursor().token() : null;
            } while (token != null);
            assertThat(total).isEqualTo(400 - StatusQueueDemo.PAGE + 1);
        }
    }
}
