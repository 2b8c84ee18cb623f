package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.ManualClock;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in a real browser: headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}, which .ci/run installs) driven by Selenium loads {@code /dashboard}
 * while a workload runs on the manual clock, and reads the heat map and the top keys from the
 * page. Each test saves a screenshot under target/ (the build's artifact). Skipped, with a
 * message, only where Chromium is not installed. The driver is the installed one: Selenium
 * Manager never downloads one.
 */
@Tag("browser")
class DashboardBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final ManualClock clock = new ManualClock();
    @RegisterExtension final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);
    private ChromeDriver browser;
    private Thread workload;
    private final AtomicBoolean running = new AtomicBoolean(true);

    @BeforeEach void openBrowser() {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does): the browser test is skipped");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1600,1250", "--hide-scrollbars");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterEach void close() throws InterruptedException {
        running.set(false);
        if (workload != null) workload.join(30_000);
        if (browser != null) browser.quit();
    }

    @Test void heatMapShowsTheHotPartitionAndTopKeysNameTheKey() throws Exception {
        DashboardWorkloads load = new DashboardWorkloads(keyline.engine(), clock, keyline.metrics());
        load.createTable("Orders", 300, 3_900, null); // 4 partitions
        load.enableInsights("Orders");
        runInBackground(s -> load.hotKeySecond("Orders", 2_500));

        browser.get(keyline.endpoint().resolve(DashboardPages.PATH).toString());
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        WebElement heatmap = wait.until(d -> {
            List<WebElement> maps = d.findElements(By.cssSelector(".resource .heatmap .chart"));
            return !maps.isEmpty() && !maps.get(0).getAttribute("data-hottest").isEmpty() ? maps.get(0) : null;
        });
        wait.until(d -> text(".resource .topkeys .keys").contains(DashboardWorkloads.HOT_KEY));
        // let a few seconds of history fill the charts before reading and taking the picture
        wait.until(d -> load.accepted > 20_000);
        Thread.sleep(1_500);

        CapacitySnapshot.PartitionSnapshot hot = keyline.engine().capacity().snapshot().tables().get(0).table().partitions().stream()
                .max(Comparator.comparingDouble(CapacitySnapshot.PartitionSnapshot::consumedWrite)).orElseThrow();
        String hotRange = String.format(Locale.ROOT, "%016x", hot.startToken()).substring(0, 4);
        assertThat(heatmap.getAttribute("data-hottest")).contains(" " + hotRange);
        // the chart itself: ECharts holds the cells, and the hot partition's row has the hottest ones
        Object hotCells = ((JavascriptExecutor) browser).executeScript(
                "const el = arguments[0]; const o = echarts.getInstanceByDom(el).getOption();"
                        + "const row = o.yAxis[0].data.findIndex(l => l.includes(' ' + arguments[1]));"
                        + "return o.series[0].data.filter(c => c[1] === row && c[2] >= 0.9).length;", heatmap, hotRange);
        assertThat(((Number) hotCells).intValue()).isPositive();
        assertThat(text(".resource .topkeys .keys li .key")).isEqualTo(DashboardWorkloads.HOT_KEY);
        screenshot("dashboard-hot-key.png");
    }

    @Test void dayKeyedGsiBannerNamesTheGsi() throws Exception {
        DashboardWorkloads load = new DashboardWorkloads(keyline.engine(), clock, keyline.metrics());
        // The seeds' day-keyed GSI (core's SeedScenariosEngineTest), at a tenth of its scale: every
        // write lands on the GSI's one partition of the day, so the table uses a few percent of its units.
        load.createTable("Events", 1_000, 18_000, "day");
        runInBackground(s -> load.dayKeyedSecond("Events", 3_000, s));

        browser.get(keyline.endpoint().resolve(DashboardPages.PATH).toString());
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        wait.until(d -> !text("#banners .banner").isEmpty());
        wait.until(d -> load.accepted > 25_000);
        Thread.sleep(1_500);
        assertThat(text("#banners .banner")).contains("Table Events throttled", "the cause is GSI by-day", "IndexWriteKeyRangeThroughputExceeded");
        screenshot("dashboard-day-keyed-gsi.png");
    }

    /**
     * The text of the first element matching {@code selector}, "" if none, read in one script: the
     * page replaces the banner and the top keys on each poll, so a held element would go stale.
     */
    private String text(String selector) {
        Object text = ((JavascriptExecutor) browser).executeScript(
                "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", selector);
        return text == null ? "" : (String) text;
    }

    /** Runs one simulated second after another until the test ends, a tenth of a real second apart. */
    private void runInBackground(IntConsumer second) {
        workload = new Thread(() -> {
            for (int s = 0; running.get(); s++) {
                second.accept(s);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "dashboard-workload");
        workload.setDaemon(true);
        workload.start();
    }

    private void screenshot(String name) throws Exception {
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Path target = Path.of("target", name);
        Files.createDirectories(target.getParent());
        Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
    }
}
