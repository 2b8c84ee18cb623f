package io.keyline.simulator.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.keyline.simulator.fixtures.SeedReports;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The {@code --html} page as a person sees it: headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}, as server's DashboardBrowserTest uses) opens the file with the network
 * off, and the test reads from ECharts itself that every chart drew its series; it saves a
 * full-page screenshot as target/simulate-report.png. Skipped, with a message, where Chromium is
 * not installed.
 */
@Tag("browser")
class HtmlReportBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private ChromeDriver browser;

    @BeforeEach void openBrowser() {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Chromium is not installed (apt-get install chromium chromium-driver): the browser test is skipped");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // no proxy that works: a page that reached for the network would fail to draw
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1500,1200", "--hide-scrollbars", "--proxy-server=http://127.0.0.1:9", "--allow-file-access-from-files");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterEach void close() {
        if (browser != null) browser.quit();
    }

    @Test void everyChartDrawsAndTheDiagnosisLeads() throws Exception {
        Path page = Path.of("target", "simulate-report.html").toAbsolutePath();
        Files.createDirectories(page.getParent());
        Files.writeString(page, HtmlReport.render(Outcome.of(SeedReports.ordersStatus())));
        browser.get(page.toUri().toString());
        new WebDriverWait(browser, Duration.ofSeconds(30)).until(d -> "true".equals(script("return document.body.dataset.ready || ''")));

        // 3 charts for the table, 3 for its GSI, 1 for latency: each an ECharts instance with drawn series
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> charts = (List<Map<String, Object>>) script(
                "return [...document.querySelectorAll('.chart')].map(el => { const c = echarts.getInstanceByDom(el);"
                        + " const o = c ? c.getOption() : null; return {kind: el.dataset.kind, rendered: el.dataset.rendered || '',"
                        + " series: o ? o.series.length : 0, points: o ? o.series.reduce((n, s) => n + s.data.length, 0) : 0,"
                        + " canvas: el.querySelector('canvas') ? el.querySelector('canvas').width : 0}; })");
        assertThat(charts).hasSize(7);
        assertThat(charts).allSatisfy(c -> {
            assertThat(c.get("rendered")).isEqualTo("true");
            assertThat(((Number) c.get("series")).intValue()).isPositive();
            assertThat(((Number) c.get("points")).intValue()).isPositive();
            assertThat(((Number) c.get("canvas")).intValue()).as("drawn on a canvas").isPositive();
        });
        assertThat(charts).extracting(c -> c.get("kind")).containsExactly("consumed", "throttles", "partitions",
                "consumed", "throttles", "partitions", "latency");
        // the GSI's throttle chart stacks its reason; its consumed-units chart shows 1,000 WCU a second
        Object reason = script("const el = document.querySelectorAll('.chart[data-kind=throttles]')[1];"
                + " return echarts.getInstanceByDom(el).getOption().series[0].name;");
        assertThat(reason).isEqualTo("IndexWriteKeyRangeThroughputExceeded");
        // the table's own throttle events are none (CloudWatch's WriteThrottleEvents of the table leave out
        // what its GSI refused): its chart draws the writes its GSI refused, named as such, and says how many
        Object refused = script("const el = document.querySelectorAll('.chart[data-kind=throttles]')[0];"
                + " return echarts.getInstanceByDom(el).getOption().series.map(s => s.name).join('|');");
        assertThat(refused).isEqualTo("write attempts refused by GSI back-pressure");
        assertThat((String) script("return document.querySelector('.resource .backpressure').innerText"))
                .startsWith("GSI back-pressure: 25,200,000 write attempts of this table (retries included) were refused").contains("GSI status-index 25,200,000");
        Object gsiWrites = script("const el = document.querySelectorAll('.chart[data-kind=consumed]')[1];"
                + " return echarts.getInstanceByDom(el).getOption().series[0].data[0];");
        assertThat(((Number) gsiWrites).doubleValue()).isEqualTo(1_000.0);

        String first = (String) script("return document.querySelector('#findings .finding .headline').innerText");
        assertThat(first).startsWith("throttled at 3% of provisioned: a partition problem, in GSI status-index");
        assertThat((String) script("return document.getElementById('cost').innerText")).contains("provisioned as declared", "$10,535");
        screenshot("simulate-report.png");
    }

    /**
     * A report written by {@code keyline simulate --html FILE}, opened as a person would: run with
     * {@code -Dkeyline.simulate.html=FILE}; every chart must draw, and the page is saved as
     * target/simulate-report-file.png to look at. Skipped without the property.
     */
    @Test void aReportFileFromTheCommandLineDraws() throws Exception {
        String file = System.getProperty("keyline.simulate.html", "");
        assumeTrue(!file.isEmpty(), "no -Dkeyline.simulate.html=FILE: nothing to open");
        browser.get(Path.of(file).toAbsolutePath().toUri().toString());
        new WebDriverWait(browser, Duration.ofSeconds(60)).until(d -> "true".equals(script("return document.body.dataset.ready || ''")));
        Number charts = (Number) script("return document.querySelectorAll('.chart').length");
        Number drawn = (Number) script("return [...document.querySelectorAll('.chart')].filter(el => el.querySelector('canvas')"
                + " && echarts.getInstanceByDom(el)).length");
        assertThat(drawn.intValue()).isEqualTo(charts.intValue()).isPositive();
        Files.createDirectories(Path.of("target"));
        screenshot("simulate-report-file.png");
    }

    private Object script(String js) {
        return ((JavascriptExecutor) browser).executeScript(js);
    }

    private void screenshot(String name) throws Exception {
        // the whole page: grow the window to the document's height first
        Number height = (Number) script("return document.documentElement.scrollHeight");
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(1500, Math.min(6000, height.intValue() + 40)));
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Path target = Path.of("target", name);
        Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
    }
}
