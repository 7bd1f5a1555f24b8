package io.corrigo.server.knowledge;

import java.util.Set;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Receives Tika's XHTML and writes the body as text that keeps its structure: headings ({@code h1}–{@code h6}, which
 * DOCX heading styles and HTML headings become) as Markdown {@code #} lines, block elements separated by blank lines,
 * line breaks inside a block (PDF lines) kept. {@link TextCleaner} reads it with {@link TextCleaner.Layout#MARKDOWN}
 * or {@link TextCleaner.Layout#PDF}. A PDF page's start is marked by a line of its own ({@link PageMap#MARK}). Stops with a {@link LimitReachedException} past {@code maxChars}.
 */
final class StructuredText extends DefaultHandler {

    /** Thrown when the document has more text than allowed. */
    static final class LimitReachedException extends SAXException {
        LimitReachedException(int limit) {
            super("text limit of " + limit + " characters reached");
        }
    }

    private static final Set<String> BLOCKS = Set.of("p", "div", "li", "tr", "table", "ul", "ol", "blockquote", "pre",
            "section", "article", "dd", "dt");
    private static final Set<String> SKIPPED = Set.of("head", "title", "script", "style");

    private final StringBuilder text = new StringBuilder();
    private final int maxChars;
    private int skipped;

    StructuredText(int maxChars) {
        this.maxChars = maxChars;
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) {
        String name = localName.isEmpty() ? qName : localName;
        if (SKIPPED.contains(name)) {
            skipped++;
        } else if (name.equals("div") && "page".equals(attributes.getValue("class"))) {
            text.append(PageMap.MARK); // a PDF page starts: cleaning reads it as a blank line, PageMap as a page break
        } else if (name.length() == 2 && name.charAt(0) == 'h' && Character.isDigit(name.charAt(1))) {
            text.append("\n\n# ");
        } else if (BLOCKS.contains(name)) {
            text.append("\n\n");
        } else if (name.equals("br")) {
            text.append('\n');
        } else if (name.equals("td") || name.equals("th")) {
            text.append(' ');
        }
    }

    @Override
    public void endElement(String uri, String localName, String qName) {
        String name = localName.isEmpty() ? qName : localName;
        if (SKIPPED.contains(name)) {
            skipped--;
        } else if (BLOCKS.contains(name) || (name.length() == 2 && name.charAt(0) == 'h' && Character.isDigit(name.charAt(1)))) {
            text.append("\n\n");
        }
    }

    @Override
    public void characters(char[] ch, int start, int length) throws SAXException {
        if (skipped > 0) {
            return;
        }
        if (text.length() + length > maxChars) {
            throw new LimitReachedException(maxChars);
        }
        text.append(ch, start, length);
    }

    @Override
    public void ignorableWhitespace(char[] ch, int start, int length) throws SAXException {
        characters(ch, start, length);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
