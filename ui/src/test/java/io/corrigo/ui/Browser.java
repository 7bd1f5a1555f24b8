package io.corrigo.ui;

import io.corrigo.testsupport.Chromium;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
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
        this(port, null);
    }

    /** A browser asking for {@code acceptLanguages} ({@code Accept-Language}; null: its default). */
    Browser(int port, String acceptLanguages) {
        this.driver = Chromium.headless(acceptLanguages);
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
        name.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE); // a refused sign-in keeps the name typed
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
        WebElement select = element(id);
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", select);
        wait.until(ExpectedConditions.elementToBeClickable(select));
        select.click();
        WebElement item = wait.until(d -> d.findElements(By.cssSelector("vaadin-select-item")).stream()
                .filter(e -> e.getText().trim().startsWith(label)).findFirst().orElse(null));
        item.click();
        waitForVaadin();
    }

    /** Clicks the entry {@code title} of the side navigation (a router link: the view's leave guard runs). */
    void navigate(String title) {
        WebElement item = wait.until(d -> d.findElements(By.cssSelector("vaadin-side-nav-item")).stream()
                .filter(e -> e.getText().trim().equals(title)).findFirst().orElse(null));
        item.click();
        waitForVaadin();
    }

    /** Types into the text area with element id {@code id}, replacing its value, and commits it. */
    void typeArea(String id, String text) {
        WebElement area = element(id).findElement(By.cssSelector("textarea"));
        wait.until(ExpectedConditions.elementToBeClickable(area));
        area.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
        area.sendKeys(text, Keys.TAB);
        waitForVaadin();
    }

    /** The viewport's width in CSS pixels. */
    long viewportWidth() {
        return ((Number) ((JavascriptExecutor) driver).executeScript("return document.documentElement.clientWidth")).longValue();
    }

    private static final String SCROLLERS = "const l = document.querySelector('vaadin-app-layout');"
            + " const c = l && l.shadowRoot ? l.shadowRoot.querySelector('[content]') : null;"
            + " const all = [document.scrollingElement, l, c].filter(e => e);";

    /** How far the view is scrolled down (the window, or the layout's content area, whichever scrolls). */
    long scrolledDown() {
        return ((Number) ((JavascriptExecutor) driver).executeScript(SCROLLERS
                + " return Math.max(window.scrollY, ...all.map(e => e.scrollTop));")).longValue();
    }

    /** Scrolls the view to its bottom, whichever element scrolls it. */
    void scrollToBottom() {
        ((JavascriptExecutor) driver).executeScript(SCROLLERS
                + " window.scrollTo(0, document.body.scrollHeight); all.forEach(e => e.scrollTop = e.scrollHeight);");
    }

    /** Sets the viewport to {@code width} × {@code height} CSS pixels (the window is made larger by its frame). */
    void resize(int width, int height) {
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(width, height));
        @SuppressWarnings("unchecked")
        List<Number> inner = (List<Number>) ((JavascriptExecutor) driver).executeScript(
                "return [window.innerWidth, window.innerHeight]");
        int frameWidth = width - inner.get(0).intValue();
        int frameHeight = height - inner.get(1).intValue();
        if (frameWidth != 0 || frameHeight != 0) {
            driver.manage().window().setSize(new org.openqa.selenium.Dimension(width + frameWidth, height + frameHeight));
        }
        waitForVaadin();
    }

    /**
     * What a grid hides: a grid whose body scrolls sideways, a control (button, link, checkbox) cut off inside a cell,
     * and text cut off in a cell of a grid that offers no tooltip for it; at most 10 findings. Hidden grids are
     * skipped.
     */
    @SuppressWarnings("unchecked")
    List<String> gridProblems() {
        return (List<String>) ((JavascriptExecutor) driver).executeScript("""
                const found = [];
                for (const grid of document.querySelectorAll('vaadin-grid')) {
                  if (found.length >= 10) { break; }
                  const box = grid.getBoundingClientRect();
                  if (box.width === 0 || box.height === 0) { continue; }
                  const name = 'grid' + (grid.id ? '#' + grid.id : '');
                  const table = grid.shadowRoot && grid.shadowRoot.querySelector('#table');
                  if (table && table.scrollWidth > table.clientWidth + 2) {
                    found.push(name + ' scrolls sideways (' + table.scrollWidth + ' px of content in ' + table.clientWidth + ')');
                  }
                  const tooltip = grid.querySelector('vaadin-tooltip[slot="tooltip"]') !== null;
                  for (const cell of grid.querySelectorAll('vaadin-grid-cell-content')) {
                    if (found.length >= 10) { break; }
                    const r = cell.getBoundingClientRect();
                    if (r.width === 0 || cell.scrollWidth <= cell.clientWidth + 2) { continue; }
                    const text = (cell.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
                    if (cell.querySelector('vaadin-button, button, a, vaadin-checkbox, vaadin-select')) {
                      found.push(name + ': a control is cut off in a cell (' + text + ')');
                    } else if (!tooltip && text) {
                      found.push(name + ': text is cut off with no tooltip (' + text + ')');
                    }
                  }
                }
                return found;
                """);
    }

    /**
     * What is wider than the viewport: the page's own sideways scroll, every visible element whose right edge lies
     * beyond the viewport, and every scroll container (the layout's content area, a form) that scrolls sideways; at
     * most 10 findings, empty when there are none. Only a grid's body, a code block or an element marked
     * {@code scroll-x} may scroll sideways within itself: that is how they show long rows.
     */
    @SuppressWarnings("unchecked")
    List<String> horizontalOverflow() {
        return (List<String>) ((JavascriptExecutor) driver).executeScript("""
                const vw = document.documentElement.clientWidth;
                const found = [];
                const page = document.documentElement.scrollWidth - vw;
                if (page > 1) { found.push('the page scrolls sideways by ' + page + ' px'); }
                const up = p => p.parentElement || (p.getRootNode && p.getRootNode().host) || null;
                const allowed = el => {
                  for (let p = el; p; p = up(p)) {
                    const t = p.tagName ? p.tagName.toLowerCase() : '';
                    if (t === 'vaadin-grid' || t === 'pre' || t === 'code' || (p.classList && p.classList.contains('scroll-x'))) { return true; }
                  }
                  return false;
                };
                const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
                    + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/)[0] : '');
                const visit = root => {
                  for (const el of root.querySelectorAll('*')) {
                    if (found.length >= 10) { return; }
                    const tag = el.tagName.toLowerCase();
                    if (el.shadowRoot && tag !== 'vaadin-grid') { visit(el.shadowRoot); }
                    if (tag === 'input' || tag === 'textarea' || allowed(el)) { continue; }
                    const r = el.getBoundingClientRect();
                    if (r.width === 0 || r.height === 0) { continue; }
                    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true, visibilityProperty: true})) { continue; }
                    if (r.right > vw + 1) {
                      found.push(name(el) + ' ends ' + Math.round(r.right - vw) + ' px beyond the viewport');
                      continue;
                    }
                    const ox = getComputedStyle(el).overflowX;
                    if ((ox === 'auto' || ox === 'scroll') && el.scrollWidth - el.clientWidth > 1) {
                      found.push(name(el) + ' scrolls sideways by ' + (el.scrollWidth - el.clientWidth) + ' px');
                    }
                  }
                };
                visit(document);
                return found;
                """);
    }

    /** The first element matching a CSS selector (pages that are not Vaadin's: a sign-in provider's form). */
    /**
     * The page's accessibility violations of the given impacts ({@code serious}, {@code critical}, …) as axe-core 4.14
     * (vendored in the test resources, MPL-2.0) finds them, one line each: rule, impact, help and up to three targets.
     */
    List<String> axeViolations(String... impacts) {
        return axeViolationsIn(null, impacts);
    }

    /** As {@link #axeViolations(String...)}, within the element {@code selector} finds (and its shadow root). */
    @SuppressWarnings("unchecked")
    List<String> axeViolationsIn(String selector, String... impacts) {
        JavascriptExecutor js = (JavascriptExecutor) driver;
        if (!Boolean.TRUE.equals(js.executeScript("return typeof window.axe !== 'undefined';"))) {
            try (java.io.InputStream in = Browser.class.getResourceAsStream("/axe/axe.min.js")) {
                js.executeScript(new String(java.util.Objects.requireNonNull(in, "axe/axe.min.js").readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        return (List<String>) js.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const impacts = arguments[0];
                // Vaadin's connection indicator (shown only while the server is slow) is the framework's, not ours
                const context = arguments[1] ? {include: [[arguments[1]]]} : {exclude: [['vaadin-connection-indicator']]};
                axe.run(context, {resultTypes: ['violations']}).then(r => done(r.violations
                    .filter(v => impacts.includes(v.impact))
                    .map(v => v.id + ' (' + v.impact + '): ' + v.help + ' — '
                        + v.nodes.slice(0, 3).map(n => JSON.stringify(n.target)).join(', ')
                        + (v.nodes.length > 3 ? ' and ' + (v.nodes.length - 3) + ' more' : ''))))
                  .catch(e => done(['axe failed: ' + e]));
                """, List.of(impacts), selector);
    }

    WebElement css(String selector) {
        return wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(selector)));
    }

    /** Runs a script in the page; returns its value. */
    Object script(String javascript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(javascript, arguments);
    }

    /** The address the browser is at. */
    String url() {
        return driver.getCurrentUrl();
    }

    WebElement element(String id) {
        return wait.until(ExpectedConditions.presenceOfElementLocated(By.id(id)));
    }

    /** Clicks {@code element} after scrolling it to the middle of the view (a long grid puts rows below the fold). */
    void click(WebElement element) {
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
        element.click();
    }

    /** The element's rendered text; scrolled into view first (a clipped element outside the scrolled pane has none). */
    String text(String id) {
        WebElement element = element(id);
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'nearest'})", element);
        return element.getText();
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

    /** What the page put on the clipboard (the page's origin is granted reading and writing it). */
    String clipboard() {
        driver.executeCdpCommand("Browser.grantPermissions", Map.of("origin", base,
                "permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
        return (String) ((JavascriptExecutor) driver).executeAsyncScript(
                "const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, e => done('error: ' + e));");
    }

    /** Lets the page write the clipboard without a prompt, as a user who allowed it. */
    void allowClipboard() {
        driver.executeCdpCommand("Browser.grantPermissions", Map.of("origin", base,
                "permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
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
