package io.keyline.simulator.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.simulator.fixtures.SeedReports;
import io.keyline.simulator.report.Report;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The HTML page's text: self-contained, with the report embedded safely (the browser test draws it). */
class HtmlReportTest {
    @Test
    void thePageNeedsNoNetwork() {
        String page = HtmlReport.render(Outcome.of(SeedReports.iotBefore()));
        assertThat(page).startsWith("<!DOCTYPE html>").contains("echarts", "\"format\" : \"keyline-simulate/2\"")
                .doesNotContain("/*@ECHARTS@*/", "/*@REPORT@*/", "@TITLE@");
        // the markup outside the scripts' bodies (ECharts' code holds tags in strings) loads nothing
        String markup = page.replaceAll("(?s)(<script[^>]*>).*?</script>", "$1</script>");
        assertThat(markup).contains("<script>");
        assertThat(Pattern.compile("<(script|link|img|iframe)[^>]+(src|href)=", Pattern.CASE_INSENSITIVE).matcher(markup).find())
                .as("no external script, style or image").isFalse();
    }

    /** The page shows the findings' headlines from its embedded document: a filter that kept nothing is said as none there too. */
    @Test
    void aFilterThatKeptNothingIsShownAsNone() {
        String page = HtmlReport.render(Outcome.of(SeedReports.filterKeepsNothing()));
        assertThat(page).contains("\"headline\" : \"Query by-status reads 132,586 items to return none (ScannedCount 1,325,860, Count 0, "
                + "over 10 requests): 133 pages and 16,573 RCU a request; its filter discards every item\"")
                .contains("\"scannedToReturned\" : null").doesNotContain("ScannedCount ÷ Count");
    }

    @Test
    void textThatWouldCloseTheScriptIsEscaped() {
        Report r = SeedReports.scan400k();
        Report odd = new Report("</script><b>x</b>", r.seed(), r.simulated(), r.sampling(), r.tables(), r.patterns(), r.region(), r.prices());
        String page = HtmlReport.render(Outcome.of(odd));
        assertThat(page).contains("<title>keyline simulate: &lt;/script&gt;&lt;b&gt;x&lt;/b&gt;</title>")
                .contains("<\\/script><b>x<\\/b>");
    }
}
