package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.SourceContent;
import io.corrigo.api.SourceItem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.transport.CredentialsProvider;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.UsernamePasswordCredentialsProvider;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * The files of one branch of a Git repository, kept as a bare clone in the tenant's data directory: {@link #list}
 * fetches the branch (only new objects travel) and walks its tree; an item's id is its path, its version the blob's
 * id (so a file is new exactly when its content is), its {@code updated} the branch's last commit date.
 */
final class GitConnector implements Connector {

    static final String DEFAULT_INCLUDE = ".md,.markdown,.txt,.rst,.adoc,.html";
    private static final long MAX_BYTES = 25L * 1024 * 1024;

    private final String url;
    private final String branch;
    private final FileEndings include;
    private final CredentialsProvider credentials;
    private final Path directory;

    GitConnector(String url, String branch, FileEndings include, String username, String token, Path directory) {
        this.url = url;
        this.branch = branch;
        this.include = include;
        this.credentials = token.isEmpty() ? null
                : new UsernamePasswordCredentialsProvider(username.isEmpty() ? "token" : username, token);
        this.directory = directory;
    }

    @Override
    public synchronized List<SourceItem> list(Map<String, String> known) {
        try (Git git = open()) {
            Repository repository = git.getRepository();
            ObjectId head = repository.resolve(Constants.R_HEADS + branch);
            if (head == null) {
                throw new IllegalStateException("the repository has no branch '" + branch + "'");
            }
            List<SourceItem> items = new ArrayList<>();
            try (RevWalk walk = new RevWalk(repository)) {
                RevCommit commit = walk.parseCommit(head);
                String updated = Instant.ofEpochSecond(commit.getCommitTime()).atOffset(ZoneOffset.UTC).toLocalDate().toString();
                try (TreeWalk tree = new TreeWalk(repository)) {
                    tree.addTree(commit.getTree());
                    tree.setRecursive(true);
                    while (tree.next()) {
                        String path = tree.getPathString();
                        if (tree.getFileMode(0) != FileMode.REGULAR_FILE && tree.getFileMode(0) != FileMode.EXECUTABLE_FILE
                                || !include.matches(path)) {
                            continue;
                        }
                        items.add(new SourceItem(path, path, tree.getObjectId(0).name(),
                                Map.of("source_path", path, "updated", updated, "commit", commit.getName())));
                    }
                }
            }
            return items;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the repository " + url + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized SourceContent fetch(SourceItem item) {
        try (Git git = Git.open(directory.toFile())) {
            ObjectId blob = ObjectId.fromString(item.version());
            var loader = git.getRepository().open(blob, Constants.OBJ_BLOB);
            if (loader.getSize() > MAX_BYTES) {
                throw new IllegalStateException(item.id() + " is larger than " + MAX_BYTES + " bytes");
            }
            return new SourceContent(loader.getBytes(), null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + item.id() + ": " + e.getMessage(), e);
        }
    }

    /** The bare clone, cloned the first time and fetched after. */
    private Git open() throws IOException {
        String ref = Constants.R_HEADS + branch;
        try {
            if (!Files.exists(directory.resolve("HEAD"))) {
                Files.createDirectories(directory);
                return Git.cloneRepository().setURI(url).setDirectory(directory.toFile()).setBare(true)
                        .setBranchesToClone(List.of(ref)).setBranch(ref).setCredentialsProvider(credentials)
                        .setTimeout(60).call();
            }
            Git git = Git.open(directory.toFile());
            git.fetch().setRemote(url).setRefSpecs(new RefSpec("+" + ref + ":" + ref)).setCredentialsProvider(credentials)
                    .setTimeout(60).setRemoveDeletedRefs(true).call();
            return git;
        } catch (GitAPIException e) {
            throw new IllegalStateException("cannot fetch " + branch + " of " + url + ": " + e.getMessage(), e);
        }
    }
}
