package io.corrigo.plugins.localcorpussearch;

import io.corrigo.api.Passage;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * BM25 over an in-memory Lucene index of the corpus; results carry their URL as a web source and, once the corpus is
 * embedded ({@link CorpusEmbeddings}), their embeddings, so the pipeline grades them without embedding anything.
 */
final class LocalCorpusSearch implements SearchProvider {

    private final Analyzer analyzer = new EnglishAnalyzer();
    private final IndexSearcher searcher;
    private final CorpusEmbeddings embeddings;

    /** @param embeddings the corpus's embeddings, or {@code null} to return results without them */
    LocalCorpusSearch(List<CorpusReader.Entry> entries, CorpusEmbeddings embeddings) {
        this.embeddings = embeddings;
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
            for (int n = 0; n < entries.size(); n++) {
                CorpusReader.Entry entry = entries.get(n);
                Document doc = new Document();
                doc.add(new StoredField("n", n));
                doc.add(new StoredField("id", entry.id()));
                doc.add(new StoredField("doc_id", entry.documentId()));
                if (entry.title() != null) {
                    doc.add(new StoredField("title", entry.title()));
                }
                doc.add(new StoredField("url", entry.url()));
                doc.add(new TextField("text", entry.text(), Field.Store.YES));
                writer.addDocument(doc);
            }
            writer.commit();
            this.searcher = new IndexSearcher(DirectoryReader.open(directory));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot index the corpus", e);
        }
    }

    @Override
    public List<Passage> search(SearchRequest request) {
        try {
            BooleanQuery.Builder query = new BooleanQuery.Builder();
            int clauses = 0;
            try (TokenStream stream = analyzer.tokenStream("text", request.keywords())) {
                CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
                stream.reset();
                while (stream.incrementToken() && clauses < BooleanQuery.getMaxClauseCount()) {
                    query.add(new TermQuery(new Term("text", term.toString())), BooleanClause.Occur.SHOULD);
                    clauses++;
                }
                stream.end();
            }
            if (clauses == 0) {
                return List.of();
            }
            List<Passage> results = new ArrayList<>();
            for (ScoreDoc hit : searcher.search(query.build(), request.maxResults()).scoreDocs) {
                Document doc = searcher.storedFields().document(hit.doc);
                Source source = Source.web(doc.get("doc_id"), doc.get("title"), doc.get("url"));
                Passage passage = Passage.of(doc.get("id"), doc.get("text"), source).withRetrievalScore(hit.score);
                results.add(embeddings == null ? passage
                        : embeddings.embed(doc.getField("n").numericValue().intValue(), passage));
            }
            return results;
        } catch (IOException e) {
            throw new UncheckedIOException("corpus search failed", e);
        }
    }
}
