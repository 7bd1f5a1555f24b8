package io.corrigo.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium (Debian's chromium + chromedriver) driving the admin UI, with helpers for Vaadin's
 * components: fields are filled through their inner {@code <input>} and committed with TAB, as a user would.
 */
final class Browser implements AutoCloseable {

    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    final ChromeDriver driver;
    private final String base;
    private final WebDriverWait wait;

    Browser(int port) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(System.getProperty("chrome.binary", "/usr/bin/chromium"));
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-quic");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of(System.getProperty("chromedriver", "/usr/bin/chromedriver")).toFile())
                .usingAnyFreePort().build();
        this.driver = new ChromeDriver(service, options);
        this.base = "http://127.0.0.1:" + port;
        this.wait = new WebDriverWait(driver, Duration.ofSeconds(30));
    }

    void open(String path) {
        driver.get(base + path);
        waitForVaadin();
    }

    void signIn(String user, String password) {
        open("/login");
        WebElement name = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("vaadin-login-form input[name='username']")));
        name.sendKeys(user);
        driver.findElement(By.cssSelector("vaadin-login-form input[name='password']")).sendKeys(password, Keys.ENTER);
        wait.until(d -> !d.getCurrentUrl().contains("/login") || d.getCurrentUrl().contains("error"));
        waitForVaadin();
    }

    void signOut() {
        click("sign-out");
        wait.until(d -> d.getCurrentUrl().contains("/login"));
    }

    /** Types into the field with element id {@code id} (replacing its value) and commits it. */
    void type(String id, String text) {
        WebElement input = element(id).findElement(By.cssSelector("input"));
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", input);
        wait.until(ExpectedConditions.elementToBeClickable(input));
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
        input.sendKeys(text, Keys.TAB);
        waitForVaadin();
    }

    void click(String id) {
        WebElement button = element(id);
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", button);
        wait.until(ExpectedConditions.elementToBeClickable(button));
        button.click();
        waitForVaadin();
    }

    /** Chooses {@code label} in the vaadin-select with element id {@code id}. */
    void choose(String id, String label) {
        element(id).click();
        WebElement item = wait.until(d -> d.findElements(By.cssSelector("vaadin-select-item")).stream()
                .filter(e -> e.getText().trim().startsWith(label)).findFirst().orElse(null));
        item.click();
        waitForVaadin();
    }

    WebElement element(String id) {
        return wait.until(ExpectedConditions.presenceOfElementLocated(By.id(id)));
    }

    String text(String id) {
        return element(id).getText();
    }

    /** The error message Vaadin shows under a field, or "" when the field is valid. */
    String fieldError(String id) {
        WebElement field = element(id);
        if (field.getAttribute("invalid") == null) {
            return "";
        }
        List<WebElement> message = field.findElements(By.cssSelector("[slot='error-message']"));
        // textContent, not getText(): a field scrolled out of view (a long form) has no rendered text
        return message.isEmpty() ? "" : String.valueOf(message.get(0).getDomProperty("textContent")).strip();
    }

    /** Sets the files of a vaadin-upload's hidden file input (what a user's file chooser does). */
    void upload(String id, Path file) {
        WebElement input = element(id).getShadowRoot().findElement(By.cssSelector("input[type='file']"));
        input.sendKeys(file.toAbsolutePath().toString());
    }

    void waitUntil(java.util.function.Function<ChromeDriver, Boolean> condition, Duration max) {
        new WebDriverWait(driver, max).until(d -> condition.apply((ChromeDriver) d));
    }

    String page() {
        return (String) ((JavascriptExecutor) driver).executeScript("return document.body.innerText");
    }

    void waitForVaadin() {
        wait.until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                "return document.readyState === 'complete' && (!window.Vaadin || !window.Vaadin.Flow || "
                        + "!window.Vaadin.Flow.clients || Object.values(window.Vaadin.Flow.clients)"
                        + ".every(c => !c.isActive || !c.isActive()))")));
    }

    /** Saves a PNG of the page for the reviewer's eyes. */
    Path screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path file = SCREENSHOTS.resolve(name + ".png");
            Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
