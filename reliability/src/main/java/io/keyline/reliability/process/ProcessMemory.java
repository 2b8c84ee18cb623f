package io.keyline.reliability.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's resident set size read from /proc/PID/status (VmRSS), as the kernel counts it. Stateless. */
public final class ProcessMemory {
    private ProcessMemory() {}

    /** Bytes resident, or -1 if the process or /proc is not there. */
    public static long residentBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    String kb = line.substring("VmRSS:".length()).replace("kB", "").trim();
                    return Long.parseLong(kb) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
