package io.keyline.reliability.crash;

import io.keyline.time.Clock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Watches the surviving Keyline node's log, from where it stood when the other node was killed,
 * for the three lines that say it took over the dead node's work (engine.cluster.ClusterDuties
 * writes them): "took the lease of GSI change log N (held by ADDRESS PID@…)" naming the dead
 * node's process, "applied K GSI change records of log N" for that log, and "owns R of R token
 * ranges". Each is timed when this watch reads it, on the harness's clock, so that its figures
 * do not depend on the log's format (core's lines go through java.util.logging, whose default
 * format has no milliseconds); the error is one {@link #poll} interval.
 *
 * <p>Threading: the harness thread's only.
 */
final class HandoverWatch {
    private static final Pattern LEASE = Pattern.compile("took the lease of GSI change log (-?\\d+) \\(held by \\S+ (\\d+)@");
    private static final Pattern APPLIED = Pattern.compile("applied ([\\d,.\u00a0\u202f]+) GSI change records of log (-?[\\d,]+),");
    private static final Pattern RANGES = Pattern.compile("owns (\\d+) of (\\d+) token ranges");

    /**
     * What the survivor's log said, in nanoseconds after the kill (-1: not seen).
     *
     * @param logId the dead node's GSI change log, as the lease line named it (0 before it)
     */
    record Handover(long leaseTakenNanos, long logId, long recordsApplied, long appliedNanos, long rangesTakenNanos) {
        boolean gsiWorkResumed() { return leaseTakenNanos >= 0 && appliedNanos >= 0; }

        static String seconds(long nanos) { return nanos < 0 ? "not seen" : String.format("%.1f s", nanos / 1e9); }
    }

    private final Path log;
    private final long deadPid;
    private final Clock clock;
    private final long killedAtNanos;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private long offset;
    private long leaseTaken = -1;
    private long logId;
    private long recordsApplied;
    private long applied = -1;
    private long rangesTaken = -1;

    /** Watches {@code log} from its present end, for the work of process {@code deadPid}, killed at {@code killedAtNanos}. */
    HandoverWatch(Path log, long deadPid, Clock clock, long killedAtNanos) {
        this.log = log;
        this.deadPid = deadPid;
        this.clock = clock;
        this.killedAtNanos = killedAtNanos;
        this.offset = log.toFile().length();
    }

    /** Reads what the log gained since the last poll. */
    void poll() {
        try (FileChannel channel = FileChannel.open(log, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            int n;
            while ((n = channel.read(buffer, offset)) > 0) {
                offset += n;
                for (int i = 0; i < n; i++) {
                    byte b = buffer.get(i);
                    if (b != '\n') {
                        partial.write(b);
                    } else {
                        line(partial.toString(StandardCharsets.UTF_8));
                        partial.reset();
                    }
                }
                buffer.clear();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Polls every {@code interval} until the three lines were seen or {@code timeout} passed; true if all were. */
    boolean awaitComplete(Duration timeout, Duration interval) throws InterruptedException {
        long deadline = clock.nanos() + timeout.toNanos();
        while (true) {
            poll();
            if (complete() || clock.nanos() > deadline) return complete();
            Thread.sleep(interval.toMillis());
        }
    }

    boolean complete() { return applied >= 0 && rangesTaken >= 0; }

    Handover handover() { return new Handover(leaseTaken, logId, recordsApplied, applied, rangesTaken); }

    private void line(String text) {
        long at = clock.nanos() - killedAtNanos;
        Matcher m;
        if (leaseTaken < 0 && (m = LEASE.matcher(text)).find() && Long.parseLong(m.group(2)) == deadPid) {
            leaseTaken = at;
            logId = Long.parseLong(m.group(1));
        } else if (leaseTaken >= 0 && applied < 0 && (m = APPLIED.matcher(text)).find() && digits(m.group(2)) == logId) {
            applied = at;
            recordsApplied = digits(m.group(1));
        } else if (rangesTaken < 0 && (m = RANGES.matcher(text)).find() && m.group(1).equals(m.group(2))) {
            rangesTaken = at;
        }
    }

    /** The number of token ranges a node's log last said it owns; -1 if it has not said. */
    static int lastOwnedRanges(Path log) {
        try {
            int owned = -1;
            for (String line : java.nio.file.Files.readAllLines(log, StandardCharsets.UTF_8)) {
                Matcher m = RANGES.matcher(line);
                if (m.find()) owned = Integer.parseInt(m.group(1));
            }
            return owned;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A number as java.text.MessageFormat writes it, with the locale's grouping separators. */
    private static long digits(String formatted) {
        boolean negative = formatted.startsWith("-");
        long value = Long.parseLong(formatted.replaceAll("\\D", ""));
        return negative ? -value : value;
    }
}
