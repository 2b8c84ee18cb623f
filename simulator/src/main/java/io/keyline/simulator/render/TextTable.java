package io.keyline.simulator.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Columns aligned for a terminal: text columns to the left, numbers to the right, two spaces
 * between columns, a header row and a rule under it. Not thread-safe; build, then {@link #render}.
 */
final class TextTable {
    private final String[] headers;
    private final boolean[] rightAligned;
    private final List<String[]> rows = new ArrayList<>();

    /** @param headers column titles; a title starting with '>' is a right-aligned (numeric) column, the '>' dropped */
    TextTable(String... headers) {
        this.headers = new String[headers.length];
        this.rightAligned = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            rightAligned[i] = headers[i].startsWith(">");
            this.headers[i] = rightAligned[i] ? headers[i].substring(1) : headers[i];
        }
    }

    TextTable row(String... cells) {
        if (cells.length != headers.length) throw new IllegalArgumentException(cells.length + " cells for " + headers.length + " columns");
        rows.add(cells);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, each line indented by {@code indent} and ending in a newline. */
    String render(String indent) {
        int[] width = new int[headers.length];
        for (int i = 0; i < headers.length; i++) width[i] = headers[i].length();
        for (String[] r : rows) for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
        StringBuilder out = new StringBuilder();
        line(out, indent, headers, width);
        int total = 0;
        for (int w : width) total += w;
        out.append(indent).append("─".repeat(total + 2 * (width.length - 1))).append('\n');
        for (String[] r : rows) line(out, indent, r, width);
        return out.toString();
    }

    private void line(StringBuilder out, String indent, String[] cells, int[] width) {
        StringBuilder l = new StringBuilder(indent);
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) l.append("  ");
            String pad = " ".repeat(width[i] - cells[i].length());
            l.append(rightAligned[i] ? pad + cells[i] : cells[i] + pad);
        }
        out.append(l.toString().stripTrailing()).append('\n');
    }
}
