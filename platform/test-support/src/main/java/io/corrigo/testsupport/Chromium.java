package io.corrigo.testsupport;

import java.nio.file.Path;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium through its chromedriver ({@code /usr/bin/chromium}, {@code /usr/bin/chromedriver};
 * the system properties {@code chrome.binary} and {@code chromedriver} point elsewhere), 1400×1000, with nothing that
 * reaches the network on its own.
 */
public final class Chromium {

    private Chromium() {
    }

    /** A new headless browser; the caller quits it. */
    public static ChromeDriver headless() {
        return headless(null);
    }

    /**
     * A new headless browser whose requests ask for {@code acceptLanguages} (as {@code Accept-Language}, e.g.
     * {@code "de-DE,de"}; null: the browser's default); the caller quits it.
     */
    public static ChromeDriver headless(String acceptLanguages) {
        ChromeOptions options = new ChromeOptions();
        if (acceptLanguages != null) {
            options.setExperimentalOption("prefs", java.util.Map.of("intl.accept_languages", acceptLanguages));
            options.addArguments("--lang=" + acceptLanguages.split(",")[0]);
        }
        options.setBinary(System.getProperty("chrome.binary", "/usr/bin/chromium"));
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-quic");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of(System.getProperty("chromedriver", "/usr/bin/chromedriver")).toFile())
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }
}
