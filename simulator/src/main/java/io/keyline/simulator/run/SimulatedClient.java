package io.keyline.simulator.run;

import io.keyline.capacity.Rules;
import io.keyline.engine.Engine;
import io.keyline.error.ApiException;
import io.keyline.op.Operation;
import io.keyline.protocol.JsonObject;
import io.keyline.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The simulated client: sends each {@link SimRequest} at its simulated time through
 * {@link io.keyline.op.Operations#handle} (the path the server's requests take), and as an AWS
 * SDK would, retries a throttled attempt after a backoff ({@link Backoff}) until
 * {@link Workload.ClientModel#maxAttempts}, resends a batch's unprocessed items the same way,
 * and follows LastEvaluatedKey when the request asks for every page. An attempt takes
 * {@link #SERVICE_TIME} of simulated time to answer, and a Query or Scan page also the time to
 * read its bytes at {@link #PAGE_READ_BYTES_PER_SECOND} ({@link #serviceNanos}); a request's
 * latency is from its first attempt to its final answer.
 *
 * <p>Attempts due later (retries, next pages) wait in a queue ordered by due time and then by
 * the order they were queued; the traffic's next request and the queue's head go in time
 * order, the traffic first on a tie. So a run is a pure function of the workload and the seed.
 *
 * <p>Threading: one thread.
 */
final class SimulatedClient {
    /** Simulated time one attempt takes to answer: DynamoDB's single-digit milliseconds, taken as 5 ms. */
    static final Duration SERVICE_TIME = Duration.ofMillis(5);
    private static final long SERVICE_NANOS = SERVICE_TIME.toNanos();
    /**
     * How fast one Query or Scan page's bytes are read and sent: 8 MB a second, so a full 1 MB page
     * answers in about 130 ms (docs/SIMULATOR.md, "The simulated client", gives the sources). A
     * sequential scan then takes about 1,000 RCU a second eventually consistent from the one
     * partition it reads, a third of its 3,000 (docs/RULES.md#CAP-PARTITION-READ), as a sequential
     * Scan in DynamoDB does; at 5 ms a page it asked 25,600.
     */
    static final double PAGE_READ_BYTES_PER_SECOND = 8 * 1024 * 1024;
    /** How often the progress listener is told, at most, in wall time. */
    private static final long PROGRESS_NANOS = 200_000_000L;

    private final SimulatedDatabase db;
    private final RunClock time;
    private final Workload.ClientModel client;
    private final Backoff backoff;
    private final List<PatternTally> patterns;
    private final ResourceTallies resources;
    private final KeyDemand demand;
    private final Simulation.ProgressListener progress;
    private final Clock wall;
    private final PriorityQueue<Call> waiting = new PriorityQueue<>();
    private long queued;
    private long executed;
    private long lastProgress;

    /** A request in flight: the attempt to make next and when. */
    private static final class Call implements Comparable<Call> {
        final SimRequest request;
        final Operation<?> operation;
        final PatternTally pattern;
        final long firstNanos;
        JsonObject body;
        /** The last answer's service time. */
        long serviceNanos = SERVICE_NANOS;
        /** {@link #body} checked and decoded, once for all its attempts; null until the first and after the body changes. */
        Object decoded;
        int attempt = 1;
        long dueNanos;
        long order;

        Call(SimRequest request, Operation<?> operation, PatternTally pattern, JsonObject body) {
            this.request = request;
            this.operation = operation;
            this.pattern = pattern;
            this.firstNanos = request.atNanos();
            this.dueNanos = request.atNanos();
            this.body = body;
        }

        @Override public int compareTo(Call o) {
            int c = Long.compare(dueNanos, o.dueNanos);
            return c != 0 ? c : Long.compare(order, o.order);
        }
    }

    SimulatedClient(SimulatedDatabase db, RunClock time, Workload.ClientModel client, Backoff backoff, List<PatternTally> patterns,
                    ResourceTallies resources, KeyDemand demand, Simulation.ProgressListener progress, Clock wall) {
        this.db = db;
        this.time = time;
        this.client = client;
        this.backoff = backoff;
        this.patterns = patterns;
        this.resources = resources;
        this.demand = demand;
        this.progress = progress;
        this.wall = wall;
        this.lastProgress = wall.nanos();
    }

    /** Runs the traffic and every retry and page it leads to; returns when nothing is left. */
    void run(TrafficSource.Traffic traffic, Duration total) {
        SimRequest next = traffic.next();
        while (next != null || !waiting.isEmpty()) {
            Call call;
            if (next != null && (waiting.isEmpty() || next.atNanos() <= waiting.peek().dueNanos)) {
                call = start(next);
                next = traffic.next();
            } else {
                call = waiting.poll();
            }
            attempt(call);
            if ((++executed & 1023) == 0) report(total, false);
        }
        report(total, true);
    }

    long executed() { return executed; }

    private Call start(SimRequest request) {
        PatternTally tally = patterns.get(request.pattern());
        tally.requests++;
        // the clock first, so that a request sent just after a minute's end counts in the next minute
        time.moveTo(request.atNanos());
        demand.offered(request, tally.weight());
        Operation<?> op = db.operations.get(request.operation());
        return new Call(request, op, tally, Responses.countingUnits(request.body()));
    }

    private void attempt(Call call) {
        time.moveTo(call.dueNanos);
        PatternTally tally = call.pattern;
        if (call.operation == null) {
            finish(call, "UnknownOperationException");
            return;
        }
        if (call.body.has("IndexName")) db.beforeIndexRead();
        db.model().weighRequests(tally.weight());
        Object response;
        try {
            // what Operations.handle does, the checks and decoding once per body: a retry sends the same body
            if (call.decoded == null) call.decoded = db.operations.decode(call.operation, call.body);
            response = run(call.operation, call.decoded);
        } catch (ApiException e) {
            if (Engine.isThrottling(e)) throttled(call, e);
            else finish(call, e.name());
            return;
        }
        answered(call, response);
    }

    private void answered(Call call, Object response) {
        PatternTally tally = call.pattern;
        double units = Responses.units(response);
        call.serviceNanos = serviceNanos(call.body, response, units);
        if (Responses.isRead(call.request.operation())) tally.readUnits += units;
        else tally.writeUnits += units;
        long returned = Responses.itemsReturned(response);
        tally.itemsReturned += returned;
        resources.read(call.request, returned * tally.weight());
        if (Responses.isPage(response)) {
            tally.pages++;
            tally.itemsScanned += Responses.scanned(response);
            JsonObject nextPage = call.request.followPages() ? Responses.nextPage(call.body, response) : null;
            if (nextPage != null) {
                call.body = nextPage;
                call.decoded = null;
                call.attempt = 1;
                queue(call, time.now() + call.serviceNanos);
                return;
            }
        }
        JsonObject unprocessed = Responses.unprocessed(call.body, response);
        if (unprocessed != null) {
            tally.throttledAttempts++;
            if (call.attempt < client.maxAttempts()) {
                call.body = unprocessed;
                call.decoded = null;
                retry(call);
                return;
            }
            finish(call, "UnprocessedItems");
            return;
        }
        finish(call, null);
    }

    @SuppressWarnings("unchecked")
    private static <R> Object run(Operation<R> operation, Object decoded) {
        return operation.run((R) decoded);
    }

    private void throttled(Call call, ApiException e) {
        call.serviceNanos = SERVICE_NANOS; // refused before reading anything
        call.pattern.throttledAttempts++;
        resources.throttled(e, call.pattern.weight(), time.minute());
        if (call.attempt < client.maxAttempts()) retry(call);
        else finish(call, e.name());
    }

    private void retry(Call call) {
        long delay = backoff.delayNanos(call.attempt);
        call.attempt++;
        queue(call, time.now() + call.serviceNanos + delay);
    }

    private void queue(Call call, long dueNanos) {
        call.dueNanos = dueNanos;
        call.order = queued++;
        waiting.add(call);
    }

    /** The request's final answer: a success (error null) or the error it gave up with. */
    private void finish(Call call, String error) {
        if (error == null) call.pattern.succeeded++;
        else call.pattern.failed(error);
        call.pattern.latency(time.now() + call.serviceNanos - call.firstNanos);
    }

    /**
     * The simulated time an answer takes: {@link #SERVICE_TIME}, plus for a Query or Scan page the
     * bytes it read at {@link #PAGE_READ_BYTES_PER_SECOND}. The bytes are those its read units
     * paid for (a page is charged on the bytes it read, before any filter, rounded up to 4 KB:
     * docs/RULES.md#CAP-READ-PAGE), 8 KB a unit eventually consistent and 4 KB strongly. Other
     * operations read or write at most one 400 KB item a request and keep the flat time.
     */
    static long serviceNanos(JsonObject request, Object response, double readUnits) {
        if (!Responses.isPage(response) || readUnits <= 0) return SERVICE_NANOS;
        boolean consistent = Boolean.TRUE.equals(request.raw().get("ConsistentRead"));
        // a unit is 4 KB strongly consistent, 8 KB eventually (docs/RULES.md#CAP-READ-UNIT, #CAP-READ-CONSISTENCY)
        double bytes = readUnits * Rules.READ_UNIT_BYTES / (consistent ? 1 : Rules.EVENTUAL_READ_FACTOR);
        return SERVICE_NANOS + Math.round(bytes / PAGE_READ_BYTES_PER_SECOND * 1e9);
    }

    private void report(Duration total, boolean last) {
        long now = wall.nanos();
        if (!last && now - lastProgress < PROGRESS_NANOS) return;
        lastProgress = now;
        progress.progress(Duration.ofNanos(Math.min(time.now(), total.toNanos())), total, executed);
    }
}
