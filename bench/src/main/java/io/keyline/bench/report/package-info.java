/** Results of a benchmark matrix: per-run records, medians and paired ratios, Markdown and JSON output. */
package io.keyline.bench.report;
