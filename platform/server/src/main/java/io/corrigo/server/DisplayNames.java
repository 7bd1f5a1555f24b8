package io.corrigo.server;

/**
 * Names people give things (tenants, keys) and see again in the UI, lists and logs: any text, but no control
 * characters (NUL, line breaks, escapes) and no bidirectional overrides, which can make a name read as another
 * ("invoice\u202Efdp.exe") or break a log line.
 */
public final class DisplayNames {

    private DisplayNames() {
    }

    /** Whether {@code name} holds a control character or a bidirectional formatting character. */
    public static boolean hasHiddenCharacters(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c) || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069')
                    || c == '\u200E' || c == '\u200F' || c == '\u061C') {
                return true;
            }
        }
        return false;
    }
}
