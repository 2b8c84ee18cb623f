package io.keyline.simulator.run;

import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * The command line's progress bar: one line, redrawn in place (carriage return) at most
 * {@value #MAX_REDRAWS_PER_SECOND} times a second of wall time, showing simulated time, the
 * percentage, executed requests a second of wall time and the time left; ended with a newline
 * once the whole simulated time is covered. Silent when the output is not a terminal (a pipe, a
 * file, CI), so that logs and {@code --json} output stay clean.
 *
 * <pre>[##########----------]  50%  5m00s / 10m00s simulated   412,000 req/s   ETA 6s</pre>
 *
 * Threading: called by the run's thread.
 */
public final class TerminalProgress implements Simulation.ProgressListener {
    static final int MAX_REDRAWS_PER_SECOND = 5;
    private static final int BAR = 20;
    private static final long REDRAW_NANOS = 1_000_000_000L / MAX_REDRAWS_PER_SECOND;

    private final PrintStream out;
    private final boolean terminal;
    private final Clock wall;
    private long startNanos = Long.MIN_VALUE;
    private long lastDraw = Long.MIN_VALUE;
    private int lastLength;
    private boolean ended;

    /** On standard output, drawn only if it is a terminal. */
    public static TerminalProgress onStandardOutput() {
        return new TerminalProgress(System.out, System.console() != null, SystemClock.INSTANCE);
    }

    public TerminalProgress(PrintStream out, boolean terminal, Clock wall) {
        this.out = out;
        this.terminal = terminal;
        this.wall = wall;
    }

    @Override public void progress(Duration simulated, Duration total, long requestsExecuted) {
        if (!terminal || ended) return;
        long now = wall.nanos();
        if (startNanos == Long.MIN_VALUE) startNanos = now;
        boolean done = simulated.compareTo(total) >= 0;
        if (!done && lastDraw != Long.MIN_VALUE && now - lastDraw < REDRAW_NANOS) return;
        lastDraw = now;
        String line = line(simulated, total, requestsExecuted, now - startNanos);
        StringBuilder b = new StringBuilder("\r").append(line);
        for (int i = line.length(); i < lastLength; i++) b.append(' ');
        lastLength = line.length();
        if (done) {
            b.append(System.lineSeparator());
            ended = true;
        }
        out.print(b);
        out.flush();
    }

    /** The line for this state, without the carriage return. */
    static String line(Duration simulated, Duration total, long requests, long wallNanos) {
        double share = total.isZero() ? 1 : Math.min(1, (double) simulated.toNanos() / total.toNanos());
        int filled = (int) Math.round(share * BAR);
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < BAR; i++) b.append(i < filled ? '#' : '-');
        b.append("] ").append(String.format(Locale.ROOT, "%3d%%", (int) Math.floor(share * 100)));
        b.append("  ").append(clock(simulated)).append(" / ").append(clock(total)).append(" simulated");
        double seconds = wallNanos / 1e9;
        if (seconds > 0) b.append(String.format(Locale.ROOT, "   %,d req/s", Math.round(requests / seconds)));
        if (share > 0 && share < 1 && seconds > 0) {
            b.append("   ETA ").append(clock(Duration.ofMillis(Math.round(seconds * (1 - share) / share * 1000))));
        }
        return b.toString();
    }

    private static String clock(Duration d) {
        long s = d.toSeconds();
        if (s >= 3600) return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60);
        if (s >= 60) return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        return s + "s";
    }
}
