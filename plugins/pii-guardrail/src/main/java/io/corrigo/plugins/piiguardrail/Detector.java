package io.corrigo.plugins.piiguardrail;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One kind of personal data: a pattern that finds candidates and a check a candidate must pass (a checksum, a range),
 * so that a number that only looks like an account or a card is left alone.
 *
 * @param kind    the placeholder's name, upper case ({@code EMAIL} becomes {@code [EMAIL]})
 * @param pattern what a candidate looks like
 * @param valid   whether a candidate is one
 */
record Detector(String kind, Pattern pattern, Predicate<String> valid) {

    static final Detector EMAIL = new Detector("EMAIL",
            Pattern.compile("(?<![\\w.+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63})*\\.[A-Za-z]{2,24}(?![\\w-])"),
            candidate -> true);
    /** An IBAN, printed in groups of four or not: country, check digits, up to 30 more; its mod-97 check must hold. */
    static final Detector IBAN = new Detector("IBAN",
            Pattern.compile("(?<![A-Za-z0-9])[A-Z]{2}\\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])"),
            Detector::ibanChecks);
    /** 13 to 19 digits, in groups separated by spaces or hyphens or none; the Luhn check must hold. */
    static final Detector CARD = new Detector("CARD",
            Pattern.compile("(?<![\\d.,-])\\d(?:[ -]?\\d){12,18}(?![\\d-]|[.,]\\d)"),
            Detector::luhn);
    static final Detector IP = new Detector("IP",
            Pattern.compile("(?<![\\w.:])(?:(?:\\d{1,3}\\.){3}\\d{1,3}|(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}"
                    + "|(?:[0-9A-Fa-f]{1,4}:){1,6}:(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,5})?)(?![\\w:]|\\.\\d)"),
            Detector::address);
    /**
     * A phone number: international ({@code +49 30 1234567}, {@code 0049…}) or national with a leading zero or
     * parenthesised area code ({@code 030 1234567}, {@code (555) 123-4567}), 7 to 15 digits in all. A plain run of
     * digits without a leading {@code +}, {@code 0} or parenthesis (a year, an amount, an order number) is not one.
     */
    static final Detector PHONE = new Detector("PHONE",
            Pattern.compile("(?<![\\w+])(?<!\\d[ -])(?:\\+\\d{1,3}|00\\d{1,3}|\\(\\d{2,5}\\)|0\\d{1,5})(?:[ ./-]?\\(?\\d{1,5}\\)?){1,5}(?![\\w-]|[.,]\\d)"),
            candidate -> {
                long digits = candidate.chars().filter(Character::isDigit).count();
                return digits >= 7 && digits <= 15;
            });

    /** The ISO 13616 check: the country and check digits moved to the end, letters as numbers, mod 97 is 1. */
    static boolean ibanChecks(String candidate) {
        String iban = candidate.replace(" ", "");
        if (iban.length() < 15 || iban.length() > 34) {
            return false;
        }
        String moved = iban.substring(4) + iban.substring(0, 4);
        int remainder = 0;
        for (char c : moved.toCharArray()) {
            int value = Character.isDigit(c) ? c - '0' : c - 'A' + 10;
            remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
        }
        return remainder == 1;
    }

    /** The Luhn check of a card number's digits. */
    static boolean luhn(String candidate) {
        String digits = candidate.replaceAll("[ -]", "");
        int sum = 0;
        boolean twice = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (twice) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            twice = !twice;
        }
        return sum % 10 == 0 && !digits.chars().allMatch(c -> c == digits.charAt(0));
    }

    /** An IPv4 address has four octets of at most 255 (a version number such as 1.2.3.4000 is not one); IPv6 passes. */
    static boolean address(String candidate) {
        if (candidate.contains(":")) {
            return candidate.chars().filter(c -> c == ':').count() >= 2;
        }
        for (String octet : candidate.split("\\.")) {
            if (Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }
}
