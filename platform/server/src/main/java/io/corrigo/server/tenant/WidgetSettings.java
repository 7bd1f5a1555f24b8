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
 */
public record WidgetSettings(String title, String greeting, String placeholder, String color, int requestsPerMinute,
                             int queriesPerDay) {

    public static final WidgetSettings DEFAULTS = new WidgetSettings("Ask us",
            "Hi! Ask me anything about our documentation.", "Type your question", "#1a73e8", 30, 1000);
    private static final Pattern COLOR = Pattern.compile("#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})");

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
        return problems;
    }

    private static void text(String name, String value, int max, List<String> problems) {
        if (value == null || value.isBlank() || value.length() > max) {
            problems.add(name + ": 1-" + max + " characters");
        }
    }
}
