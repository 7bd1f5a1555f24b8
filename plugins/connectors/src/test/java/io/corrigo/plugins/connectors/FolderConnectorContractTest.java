package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.PluginFactory;
import io.corrigo.testkit.ConnectorContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The folder connector on a real folder. */
class FolderConnectorContractTest extends ConnectorContract {

    @TempDir
    Path folder;

    @BeforeEach
    void files() throws Exception {
        Files.createDirectories(folder.resolve("hr"));
        Files.writeString(folder.resolve("hr/leave.md"), "# Leave\n\nEmployees receive 25 days of annual leave.\n");
        Files.writeString(folder.resolve("travel.txt"), "Book trains for trips under 500 km.\n");
        Files.writeString(folder.resolve("expenses.md"), "# Expenses\n\nClaim expenses within 30 days.\n");
        Files.writeString(folder.resolve("photo.png"), "not indexed");
        Files.createDirectories(folder.resolve(".git"));
        Files.writeString(folder.resolve(".git/config.txt"), "hidden");
    }

    @Override
    protected PluginFactory<Connector> factory() {
        return new FolderConnectorFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("path", folder.toString());
    }

    @Override
    protected String changeOne() throws Exception {
        Path leave = folder.resolve("hr/leave.md");
        Files.writeString(leave, "# Leave\n\nEmployees receive 27 days of annual leave.\n");
        Files.setLastModifiedTime(leave, FileTime.fromMillis(Files.getLastModifiedTime(leave).toMillis() + 2000));
        return "hr/leave.md";
    }

    @Override
    protected String removeOne() throws Exception {
        Files.delete(folder.resolve("expenses.md"));
        return "expenses.md";
    }
}
