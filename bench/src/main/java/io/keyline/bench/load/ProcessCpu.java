package io.keyline.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time (user + system) of a process, from /proc/&lt;pid&gt;/stat. Server CPU per request is
 * the measure that stays stable on a shared machine while throughput swings. Linux only; on
 * other systems {@link #seconds} returns NaN. Stateless, thread-safe.
 */
public final class ProcessCpu {
    /** USER_HZ, the unit of utime and stime; 100 on every mainstream Linux (proc(5)). */
    static final double TICKS_PER_SECOND = 100.0;

    private ProcessCpu() {}

    /** CPU seconds the process has used so far, or NaN if unreadable. */
    public static double seconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            // The command name (field 2) may contain spaces; the fields after it are fixed.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long utime = Long.parseLong(fields[11]);
            long stime = Long.parseLong(fields[12]);
            return (utime + stime) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Resident set size in bytes from /proc/&lt;pid&gt;/status, or -1 if unreadable. */
    public static long rssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    public static long self() { return ProcessHandle.current().pid(); }
}
