package io.corrigo.plugins.connectors;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Connector;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.SourceItem;
import io.corrigo.testkit.ConnectorContract;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.transport.Daemon;
import org.eclipse.jgit.transport.resolver.ServiceNotEnabledException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Git connector against a real Git daemon (the git:// protocol) on 127.0.0.1 serving a real repository. */
class GitConnectorContractTest extends ConnectorContract {

    @TempDir
    Path work;
    private Git source;
    private Daemon daemon;

    @BeforeEach
    void repository() throws Exception {
        source = Git.init().setDirectory(work.resolve("handbook").toFile()).setInitialBranch("main").call();
        Path dir = work.resolve("handbook");
        Files.createDirectories(dir.resolve("hr"));
        Files.writeString(dir.resolve("hr/leave.md"), "# Leave\n\nEmployees receive 25 days of annual leave.\n");
        Files.writeString(dir.resolve("travel.md"), "# Travel\n\nBook trains for trips under 500 km.\n");
        Files.writeString(dir.resolve("expenses.txt"), "Claim expenses within 30 days.\n");
        Files.writeString(dir.resolve("logo.svg"), "<svg/>");
        commit("Handbook");
        daemon = new Daemon(new InetSocketAddress("127.0.0.1", 0));
        daemon.getService("git-upload-pack").setEnabled(true);
        daemon.setRepositoryResolver((request, name) -> {
            if (!name.equals("handbook.git")) {
                throw new ServiceNotEnabledException();
            }
            source.getRepository().incrementOpen();
            return source.getRepository();
        });
        daemon.start();
    }

    private void commit(String message) throws Exception {
        source.add().addFilepattern(".").call();
        source.add().addFilepattern(".").setUpdate(true).call();
        source.commit().setMessage(message).setAuthor("Test", "test@example.org").setCommitter("Test", "test@example.org").call();
    }

    @AfterEach
    void stop() {
        daemon.stop();
        source.close();
    }

    @Override
    protected PluginFactory<Connector> factory() {
        return new GitConnectorFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("repository", "git://127.0.0.1:" + daemon.getAddress().getPort() + "/handbook.git");
    }

    @Override
    protected String changeOne() throws Exception {
        Files.writeString(work.resolve("handbook/hr/leave.md"), "# Leave\n\nEmployees receive 27 days of annual leave.\n");
        commit("More leave");
        return "hr/leave.md";
    }

    @Override
    protected String removeOne() throws Exception {
        source.rm().addFilepattern("expenses.txt").call();
        commit("No expenses");
        return "expenses.txt";
    }

    @Test
    void should_list_only_the_included_files_of_the_branch_with_their_commit_date() {
        List<SourceItem> items = newInstance().list(Map.of());

        assertThat(items).extracting(SourceItem::id).containsExactlyInAnyOrder("hr/leave.md", "travel.md", "expenses.txt");
        assertThat(items).allSatisfy(i -> assertThat(i.metadata()).containsKey("updated").containsKey("commit"));
    }
}
