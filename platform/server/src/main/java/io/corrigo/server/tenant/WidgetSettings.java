package io.corrigo.server.tenant;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A tenant's chat widget and the limits on its key holders.
 *
 * @param title             the widget's header
 * @param greeting          its first message
 * @param placeholder       the input's placeholder
 * @param color             the accent colour, {@code #rgb} or {@code #rrggbb}
 * @param requestsPerMinute requests per minute, per key and per client IP (1–10000)
 * @param queriesPerDay     questions per day, per key and per client IP (1–10000000)
 * @param starterQuestions  questions offered before the first one is asked (at most {@value #MAX_STARTERS}); empty
 *                          for none
 * @param iconUrl           an http(s) address of a brand icon for the header, or {@code null}
 * @param handoffUrl        where a visitor reaches a person (an http(s) or {@code mailto:} address), offered when the
 *                          widget abstains; {@code null} for none
 * @param handoffLabel      the handoff link's text ("Contact us" when {@code null})
 */
public record WidgetSettings(String title, String greeting, String placeholder, String color, int requestsPerMinute,
                             int queriesPerDay, List<String> starterQuestions, String iconUrl, String handoffUrl,
                             String handoffLabel) {

    public static final WidgetSettings DEFAULTS = new WidgetSettings("Ask us",
            "Hi! Ask me anything about our documentation.", "Type your question", "#1a73e8", 30, 1000);
    /** The most starter questions a widget shows. */
    public static final int MAX_STARTERS = 4;
    private static final Pattern COLOR = Pattern.compile("#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})");
    private static final Pattern WEB_ADDRESS = Pattern.compile("https?://[^\\s\"'<>]{1,490}");
    private static final Pattern MAIL_ADDRESS = Pattern.compile("mailto:[^\\s\"'<>@]+@[^\\s\"'<>]+");

    public WidgetSettings {
        starterQuestions = starterQuestions == null ? List.of()
                : starterQuestions.stream().filter(q -> q != null && !q.isBlank()).map(String::strip).toList();
        iconUrl = blankToNull(iconUrl);
        handoffUrl = blankToNull(handoffUrl);
        handoffLabel = blankToNull(handoffLabel);
    }

    /** Settings without the optional extras. */
    public WidgetSettings(String title, String greeting, String placeholder, String color, int requestsPerMinute,
                          int queriesPerDay) {
        this(title, greeting, placeholder, color, requestsPerMinute, queriesPerDay, List.of(), null, null, null);
    }

    /** These settings with the optional extras replaced. */
    public WidgetSettings withExtras(List<String> starters, String icon, String handoff, String label) {
        return new WidgetSettings(title, greeting, placeholder, color, requestsPerMinute, queriesPerDay, starters, icon,
                handoff, label);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** What is wrong with these settings (empty when valid). */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        text("title", title, 100, problems);
        text("greeting", greeting, 300, problems);
        text("placeholder", placeholder, 100, problems);
        if (color == null || !COLOR.matcher(color).matches()) {
            problems.add("color: a hex colour such as #1a73e8");
        }
        if (requestsPerMinute < 1 || requestsPerMinute > 10_000) {
            problems.add("requestsPerMinute: between 1 and 10000");
        }
        if (queriesPerDay < 1 || queriesPerDay > 10_000_000) {
            problems.add("queriesPerDay: between 1 and 10000000");
        }
        if (starterQuestions.size() > MAX_STARTERS) {
            problems.add("starterQuestions: at most " + MAX_STARTERS + " questions");
        }
        if (starterQuestions.stream().anyMatch(q -> q.length() > 120)) {
            problems.add("starterQuestions: each at most 120 characters");
        }
        if (iconUrl != null && !WEB_ADDRESS.matcher(iconUrl).matches()) {
            problems.add("iconUrl: an http:// or https:// address of an image");
        }
        if (handoffUrl != null && !WEB_ADDRESS.matcher(handoffUrl).matches() && !MAIL_ADDRESS.matcher(handoffUrl).matches()) {
            problems.add("handoffUrl: an https:// address or a mailto: address");
        }
        if (handoffLabel != null && handoffLabel.length() > 40) {
            problems.add("handoffLabel: at most 40 characters");
        }
        return problems;
    }

    private static void text(String name, String value, int max, List<String> problems) {
        if (value == null || value.isBlank() || value.length() > max) {
            problems.add(name + ": 1-" + max + " characters");
        }
    }
}
