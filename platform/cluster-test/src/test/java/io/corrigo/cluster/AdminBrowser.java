package io.corrigo.cluster;

import io.corrigo.testsupport.Chromium;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Debian's headless Chromium signed in to one host's admin UI, reading what a page shows. */
final class AdminBrowser implements AutoCloseable {

    private final ChromeDriver driver;
    private final WebDriverWait wait;
    private final String base;

    AdminBrowser(HostProcess host, String password) {
        driver = Chromium.headless();
        wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        base = "http://127.0.0.1:" + host.port();
        driver.get(base + "/login");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("vaadin-login-form input[name='username']")))
                .sendKeys("admin");
        driver.findElement(By.cssSelector("vaadin-login-form input[name='password']")).sendKeys(password, Keys.ENTER);
        wait.until(d -> !d.getCurrentUrl().contains("/login"));
    }

    /** Opens {@code path} and waits until the page's text contains every one of {@code texts}; returns the text. */
    String openAndWaitFor(String path, String... texts) {
        driver.get(base + path);
        return wait.until(d -> {
            String page = (String) ((JavascriptExecutor) d).executeScript("return document.body.innerText");
            for (String text : texts) {
                if (page == null || !page.contains(text)) {
                    return null;
                }
            }
            return page;
        });
    }

    void screenshot(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
