package io.corrigo.plugins.websearch;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plain text from the HTML fragments search APIs return: scripts and styles removed, tags stripped, entities
 * decoded, whitespace folded, and navigation boilerplate ("Skip to content", cookie banners, "Read more") dropped.
 */
final class HtmlText {

    private static final Pattern SCRIPT = Pattern.compile("(?is)<(script|style|noscript)[^>]*>.*?</\\1>");
    private static final Pattern TAG = Pattern.compile("(?s)<[^>]+>");
    private static final Pattern NUMERIC = Pattern.compile("&#(x?[0-9a-fA-F]+);");
    private static final Map<String, String> ENTITIES = Map.of("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", "\"",
            "&#39;", "'", "&apos;", "'", "&nbsp;", " ", "&hellip;", "…", "&mdash;", "—", "&ndash;", "–");
    private static final Pattern BOILERPLATE = Pattern.compile("(?i)(skip to (main )?content|accept (all )?cookies?|"
            + "we use cookies[^.]*\\.?|sign in|log in|subscribe( now)?|read more|all rights reserved|privacy policy|"
            + "terms of (use|service)|cookie (policy|settings))");

    private HtmlText() {
    }

    static String clean(String html) {
        if (html == null) {
            return "";
        }
        String text = SCRIPT.matcher(html).replaceAll(" ");
        text = TAG.matcher(text).replaceAll(" ");
        for (Map.Entry<String, String> e : ENTITIES.entrySet()) {
            text = text.replace(e.getKey(), e.getValue());
        }
        Matcher m = NUMERIC.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String code = m.group(1).toLowerCase(Locale.ROOT);
            int cp = code.startsWith("x") ? Integer.parseInt(code.substring(1), 16) : Integer.parseInt(code);
            m.appendReplacement(out, Matcher.quoteReplacement(new String(Character.toChars(cp))));
        }
        m.appendTail(out);
        text = BOILERPLATE.matcher(out.toString()).replaceAll(" ");
        return text.replaceAll("\\s+", " ").replaceAll(" ([.,;:!?])", "$1").trim();
    }
}
