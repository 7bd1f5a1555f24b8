package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;

/**
 * A document's text as a reader checks a citation against it: the cleaned text its chunks were cut from (parsed again
 * from the stored original, as the chunk inspector does; kept for the documents read last), where a quoted sentence
 * is in it ({@link #locate}: its character span, section and, for a PDF, printed page) and the text around it
 * ({@link #source}). Readers outside the document's groups are told it does not exist.
 */
@Service
public class DocumentTexts {

    /**
     * How much cleaned text the cache holds at most, all documents together (each character with its letter index:
     * about 8 bytes, so some 80 MB at most).
     */
    static final long CACHE_CHARS = 10_000_000;
    /** How much text a source view shows either side of the quoted span. */
    static final int CONTEXT_CHARS = 700;

    /**
     * Where a quote is in its document.
     *
     * @param documentId the document
     * @param title      its title
     * @param page       the printed page (from 1), or {@code null} when the format has none (only PDFs do)
     * @param section    the heading of the section, or {@code null}
     * @param start      where the quote starts in the document's text (characters)
     * @param end        where it ends (exclusive)
     */
    public record Location(String documentId, String title, Integer page, String section, int start, int end) {
    }

    /**
     * A document opened at a span, as a source view shows it.
     *
     * @param documentId  the document
     * @param name        its file name
     * @param title       its title
     * @param contentType its media type (the original's, for a download)
     * @param page        the page the span is on, or {@code null}
     * @param pages       how many pages it has, or {@code null}
     * @param section     the section the span is in, or {@code null}
     * @param start       the span's start in the document's text
     * @param end         its end (exclusive)
     * @param before      the text before the span (up to {@value #CONTEXT_CHARS} characters, from a word start)
     * @param quoted      the span's text: what is highlighted
     * @param after       the text after it
     * @param length      the length of the whole text
     */
    public record Source(String documentId, String name, String title, String contentType, Integer page, Integer pages,
                         String section, int start, int end, String before, String quoted, String after, int length) {
    }

    /** A parsed document: its whole text, its sections' spans, its pages. */
    private record Text(String title, String text, List<int[]> sectionSpans, List<String> headings, List<PageMap> pages,
                        List<int[]> sourceSpans, List<String> sourceTitles, Letters letters) {
    }

    /**
     * The text's letters and digits, lower-case, with the offset in the text each came from: what quotes are found by.
     * Made once per parsed document (not per citation: a document may be megabytes), with an index of the
     * {@value #GRAM}-letter runs that start every {@value #STEP} letters, so that a quote is found without reading the
     * whole text (a one-file knowledge base of thousands of passages is megabytes, and every answer cites it).
     *
     * @param starts each indexed run's hash (high 32 bits) and start (low 32 bits), sorted
     */
    record Letters(String letters, int[] offsets, long[] starts) {

        static final int GRAM = 16;
        static final int STEP = 8;

        static Letters of(String text) {
            StringBuilder letters = new StringBuilder(text.length());
            int[] offsets = new int[text.length()];
            int n = 0;
            for (int i = 0; i < text.length(); ) {
                int c = text.codePointAt(i);
                if (Character.isLetterOrDigit(c)) {
                    String lower = new String(Character.toChars(Character.toLowerCase(c)));
                    for (int k = 0; k < lower.length() && n < offsets.length; k++) {
                        letters.append(lower.charAt(k));
                        offsets[n++] = i;
                    }
                }
                i += Character.charCount(c);
            }
            String all = letters.toString();
            long[] starts = new long[Math.max(0, (all.length() - GRAM) / STEP + 1)];
            for (int k = 0; k < starts.length; k++) {
                starts[k] = ((long) hash(all, k * STEP) << 32) | (k * STEP);
            }
            java.util.Arrays.sort(starts);
            return new Letters(all, java.util.Arrays.copyOf(offsets, n), starts);
        }

        /** Where {@code wanted} first occurs in the letters, or -1: {@code letters.indexOf(wanted)}. */
        int indexOf(String wanted) {
            if (wanted.length() < GRAM + STEP - 1) {
                return letters.indexOf(wanted);
            }
            // an occurrence at s holds an indexed run at the first multiple of STEP from s, which is s + o, o < STEP
            int first = -1;
            for (int o = 0; o < STEP; o++) {
                long hash = hash(wanted, o);
                int at = java.util.Arrays.binarySearch(starts, hash << 32);
                for (int k = at < 0 ? -at - 1 : at; k < starts.length && starts[k] >>> 32 == (hash & 0xffffffffL); k++) {
                    int s = (int) starts[k] - o;
                    if (s >= 0 && (first < 0 || s < first) && letters.regionMatches(s, wanted, 0, wanted.length())) {
                        first = s;
                    }
                }
            }
            return first;
        }

        private static int hash(String text, int from) {
            int h = 0;
            for (int i = from; i < from + GRAM; i++) {
                h = 31 * h + text.charAt(i);
            }
            return h;
        }
    }

    private final DocumentRepository documents;
    private final DocumentParser parser;
    private final DocumentStore store;
    private final Map<String, Text> cache = new LinkedHashMap<>(16, 0.75f, true);
    private long cachedChars;

    DocumentTexts(DocumentRepository documents, DocumentParser parser, DocumentStore store) {
        this.documents = documents;
        this.parser = parser;
        this.store = store;
    }

    /**
     * Where {@code quote} is in the document, for a reader of {@code readers} ({@code null}: may read everything);
     * empty for a document the reader may not read, one that is gone or not indexed, or a quote it does not hold.
     */
    public Optional<Location> locate(String tenantId, String documentId, String quote, Set<String> readers) {
        if (quote == null || quote.isBlank()) {
            return Optional.empty();
        }
        Optional<DocumentRecord> document = documents.findByIdAndTenantId(documentId, tenantId)
                .filter(d -> d.status() == DocumentRecord.Status.INDEXED && d.scope().readableBy(readers));
        if (document.isEmpty()) {
            return Optional.empty();
        }
        Text text;
        try {
            text = text(document.get());
        } catch (RuntimeException unreadable) {
            return Optional.empty(); // a citation without a location is still a citation
        }
        int[] span = find(text.text(), text.letters(), quote);
        return span == null ? Optional.empty() : Optional.of(location(documentId, text, span[0], span[1]));
    }

    /**
     * The document opened at {@code start}–{@code end} of its text (clamped to it), for a reader of {@code readers}.
     * @throws ServiceException 404 for a document that does not exist for the reader, 400 for a span that is not one
     */
    public Source source(String tenantId, String documentId, int start, int end, Set<String> readers) {
        DocumentRecord document = documents.findByIdAndTenantId(documentId, tenantId)
                .filter(d -> d.scope().readableBy(readers))
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.DOCUMENT_NOT_FOUND, "No document '" + documentId + "'."));
        if (document.status() != DocumentRecord.Status.INDEXED) {
            throw ServiceException.conflict(ErrorCode.DOCUMENT_NOT_INDEXED, "'" + document.name() + "' is "
                    + document.status().name().toLowerCase() + "; its text can be opened once it is indexed.");
        }
        if (start < 0 || end < start) {
            throw ServiceException.invalid(ErrorCode.INVALID_SPAN, "start and end must be 0 <= start <= end; were " + start + " and " + end + ".");
        }
        Text text = text(document);
        int s = Math.min(start, text.text().length());
        int e = Math.min(end, text.text().length());
        Location at = location(documentId, text, s, e);
        int from = wordStart(text.text(), Math.max(0, s - CONTEXT_CHARS));
        int to = wordEnd(text.text(), Math.min(text.text().length(), e + CONTEXT_CHARS));
        DocumentView view = document.view();
        return new Source(documentId, view.name(), at.title(), view.contentType(), at.page(),
                text.pages().isEmpty() || text.pages().get(0) == null ? null : text.pages().get(0).pages(), at.section(), s, e,
                (from > 0 ? "…" : "") + text.text().substring(from, s), text.text().substring(s, e),
                text.text().substring(e, to) + (to < text.text().length() ? "…" : ""), text.text().length());
    }

    /** Whether the document exists and a reader of {@code readers} may read it. */
    public boolean readable(String tenantId, String documentId, Set<String> readers) {
        return documents.findByIdAndTenantId(documentId, tenantId).filter(d -> d.scope().readableBy(readers)).isPresent();
    }

    /** The original file, for a reader of {@code readers}. @throws ServiceException 404 as {@link #source} */
    public byte[] original(String tenantId, String documentId, Set<String> readers) {
        DocumentRecord document = documents.findByIdAndTenantId(documentId, tenantId)
                .filter(d -> d.scope().readableBy(readers))
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.DOCUMENT_NOT_FOUND, "No document '" + documentId + "'."));
        return store.get(tenantId, document.id());
    }

    private static Location location(String documentId, Text text, int start, int end) {
        String section = null;
        for (int i = 0; i < text.sectionSpans().size(); i++) {
            int[] span = text.sectionSpans().get(i);
            if (start >= span[0] && start <= span[1]) {
                section = text.headings().get(i);
                break;
            }
        }
        Integer page = null;
        String title = text.title();
        for (int i = 0; i < text.sourceSpans().size(); i++) {
            int[] span = text.sourceSpans().get(i);
            if (start >= span[0] && start <= span[1]) {
                title = text.sourceTitles().get(i); // a JSON Lines row's own title
                PageMap pages = text.pages().get(i);
                if (pages != null) {
                    int found = pages.pageOf(text.text().substring(start, Math.max(end, Math.min(text.text().length(), start + 80))));
                    page = found > 0 ? found : null;
                }
                break;
            }
        }
        return new Location(documentId, title, page, section, start, end);
    }

    private synchronized Text cached(String key) {
        return cache.get(key);
    }

    private Text text(DocumentRecord document) {
        String key = document.id() + "@" + document.view().updatedAt();
        Text known = cached(key);
        if (known != null) {
            return known;
        }
        Text parsed = parse(document);
        synchronized (this) {
            cache.keySet().removeIf(k -> k.startsWith(document.id() + "@")); // an older version of it
            cache.put(key, parsed);
            cachedChars += parsed.text().length();
            var oldest = cache.entrySet().iterator();
            while (cachedChars > CACHE_CHARS && oldest.hasNext()) {
                Text dropped = oldest.next().getValue();
                if (dropped == parsed) {
                    break;
                }
                cachedChars -= dropped.text().length();
                oldest.remove();
            }
        }
        return parsed;
    }

    /** The document's whole text: each source's sections, in order, separated by blank lines (as chunks were cut). */
    private Text parse(DocumentRecord document) {
        List<SourceText> sources = parser.parse(document.name(), store.get(document.tenantId(), document.id())).texts();
        StringBuilder all = new StringBuilder();
        List<int[]> sectionSpans = new ArrayList<>();
        List<String> headings = new ArrayList<>();
        List<PageMap> pages = new ArrayList<>();
        List<int[]> sourceSpans = new ArrayList<>();
        List<String> sourceTitles = new ArrayList<>();
        for (SourceText source : sources) {
            int sourceStart = all.length();
            for (TextCleaner.Section section : source.sections()) {
                if (section.text().isBlank()) {
                    continue;
                }
                if (!all.isEmpty()) {
                    all.append("\n\n");
                }
                int start = all.length();
                all.append(section.text());
                sectionSpans.add(new int[] {start, all.length()});
                headings.add(section.heading());
            }
            pages.add(source.pages());
            sourceSpans.add(new int[] {sourceStart + (sourceStart == 0 ? 0 : 2), all.length()});
            sourceTitles.add(source.title());
        }
        String title = sources.isEmpty() ? document.name() : sources.get(0).title();
        String whole = all.toString();
        return new Text(title, whole, sectionSpans, headings, pages, sourceSpans, sourceTitles, Letters.of(whole));
    }

    /**
     * The span of {@code quote} in {@code text}, matched by letters and digits only (so line breaks, spacing and
     * punctuation that cleaning or a generator changed do not matter), or {@code null}.
     */
    private static int[] find(String text, Letters letters, String quote) {
        String wanted = PageMap.fingerprint(quote.replaceAll("\\[\\d+]", ""));
        if (wanted.isEmpty()) {
            return null;
        }
        int at = letters.indexOf(wanted);
        if (at < 0) {
            return null;
        }
        int[] offsets = letters.offsets();
        int last = offsets[at + wanted.length() - 1];
        int end = last + Character.charCount(text.codePointAt(last));
        // take in the sentence's closing punctuation and quotes
        while (end < text.length() && ".!?…\"'”’)".indexOf(text.charAt(end)) >= 0) {
            end++;
        }
        return new int[] {offsets[at], end};
    }

    private static int wordStart(String text, int at) {
        int i = at;
        while (i > 0 && i < text.length() && !Character.isWhitespace(text.charAt(i - 1)) && at - i < 40) {
            i--;
        }
        return i;
    }

    private static int wordEnd(String text, int at) {
        int i = at;
        while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && i - at < 40) {
            i++;
        }
        return i;
    }
}
