package io.keyline.simulator.scenario;

/** A scenario file that cannot be run, with where and why, as a person reads it. */
public final class ScenarioException extends Exception {
    private final String file;
    private final int line;

    /**
     * @param file    the file's name as the user gave it
     * @param line    1-based line the problem is on, or 0 when it concerns the whole file
     * @param message what is wrong and, where it helps, what would be right
     */
    public ScenarioException(String file, int line, String message) {
        super(line > 0 ? file + ":" + line + ": " + message : file + ": " + message);
        this.file = file;
        this.line = line;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }
}
