/**
 * The report for people and programs: {@link io.keyline.simulator.render.TerminalReport} (aligned
 * tables, the diagnosis first), {@link io.keyline.simulator.render.JsonReport} ({@code --json}, the
 * field names documented in docs/SIMULATOR.md and pinned by a golden file),
 * {@link io.keyline.simulator.render.HtmlReport} ({@code --html}: one self-contained page, ECharts
 * inlined) and {@link io.keyline.simulator.render.CompareReport} ({@code --compare}: two runs side
 * by side). Each reads a {@link io.keyline.simulator.render.Outcome}: the report, its cost and its
 * findings.
 */
package io.keyline.simulator.render;
