package io.keyline.op;

import static io.keyline.op.ControlPlane.list;
import static io.keyline.op.ControlPlane.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.error.ApiException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Transactions moving value between accounts keep the total constant: checked at the end and,
 * while they run, by TransactGetItems reads of every account (which must never see half a
 * transfer) and by single-item writes to an unrelated item that must keep succeeding.
 */
class TransactionConcurrencyTest {
    private static final int ACCOUNTS = 8;
    private static final int START = 1000;
    private static final int WRITERS = 4;
    private static final int TRANSFERS_PER_WRITER = 300;

    private final ControlPlane cp = new ControlPlane();

    @Test void transfersKeepTheTotal() throws Exception {
        cp.createSimple("acct", false);
        for (int i = 0; i < ACCOUNTS; i++) {
            cp.call("PutItem", "{'TableName':'acct','Item':{'p':{'S':'a" + i + "'},'bal':{'N':'" + START + "'}}}");
        }
        ConcurrentLinkedQueue<Throwable> problems = new ConcurrentLinkedQueue<>();
        AtomicInteger committed = new AtomicInteger();
        AtomicInteger conflicts = new AtomicInteger();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            Random random = new Random(42 + w);
            threads.add(new Thread(() -> {
                try {
                    for (int n = 0; n < TRANSFERS_PER_WRITER; n++) {
                        int from = random.nextInt(ACCOUNTS);
                        int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                        while (!transfer(from, to, 1 + random.nextInt(5), conflicts)) { /* retry as a client would */ }
                        committed.incrementAndGet();
                    }
                } catch (Throwable t) {
                    problems.add(t);
                }
            }));
        }
        AtomicInteger snapshots = new AtomicInteger();
        Thread reader = new Thread(() -> {
            try {
                while (running.get()) {
                    assertThat(total()).isEqualTo(ACCOUNTS * START);
                    snapshots.incrementAndGet();
                }
            } catch (Throwable t) {
                problems.add(t);
            }
        });
        Thread bystander = new Thread(() -> {
            try {
                for (int n = 0; running.get(); n++) {
                    cp.call("PutItem", "{'TableName':'acct','Item':{'p':{'S':'other'},'n':{'N':'" + n + "'}}}");
                }
            } catch (Throwable t) {
                problems.add(t);
            }
        });
        reader.start();
        bystander.start();
        threads.forEach(Thread::start);
        for (Thread t : threads) t.join();
        running.set(false);
        reader.join();
        bystander.join();

        assertThat(problems).isEmpty();
        assertThat(committed.get()).isEqualTo(WRITERS * TRANSFERS_PER_WRITER);
        assertThat(total()).isEqualTo(ACCOUNTS * START);
        assertThat(snapshots.get()).isPositive();
    }

    /** One transfer; false when it was cancelled by a conflict or an insufficient balance. */
    private boolean transfer(int from, int to, int amount, AtomicInteger conflicts) {
        try {
            cp.call("TransactWriteItems", "{'TransactItems':["
                    + "{'Update':{'TableName':'acct','Key':{'p':{'S':'a" + from + "'}},'UpdateExpression':'SET bal = bal - :amt',"
                    + "'ConditionExpression':'bal >= :amt','ExpressionAttributeValues':{':amt':{'N':'" + amount + "'}}}},"
                    + "{'Update':{'TableName':'acct','Key':{'p':{'S':'a" + to + "'}},'UpdateExpression':'SET bal = bal + :amt',"
                    + "'ExpressionAttributeValues':{':amt':{'N':'" + amount + "'}}}}]}");
            return true;
        } catch (ApiException e) {
            if (!e.name().equals("TransactionCanceledException")) throw e;
            conflicts.incrementAndGet();
            return false;
        }
    }

    private int total() {
        String gets = IntStream.range(0, ACCOUNTS)
                .mapToObj(i -> "{'Get':{'TableName':'acct','Key':{'p':{'S':'a" + i + "'}}}}").collect(Collectors.joining(","));
        int sum = 0;
        for (Object r : list(cp.call("TransactGetItems", "{'TransactItems':[" + gets + "]}").get("Responses"))) {
            sum += new BigDecimal((String) map(map(map(r).get("Item")).get("bal")).get("N")).intValueExact();
        }
        return sum;
    }
}
