package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import org.pf4j.Extension;

/** Registers the folder connector. */
@Extension
public class FolderConnectorFactory implements ConnectorFactory {

    public static final String ID = "folder";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Keeps a knowledge base in step with a folder on the server (and its subfolders): Markdown, text, HTML, "
                + "PDF, DOCX and JSON Lines files; a file's modification date becomes its 'updated' metadata. The folder "
                + "must be one the platform admin allowed (corrigo.connectors.folders).";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("path", "Folder", null).asRequired()
                        .withDescription("An absolute path on the server, inside a folder the platform admin allowed."),
                ConfigProperty.string("include", "File types", FolderConnector.DEFAULT_INCLUDE)
                        .withDescription("File name endings to index, separated by commas."),
                ConfigProperty.integer("maxFiles", "Files at most", 10_000).withRange(1, 1_000_000));
    }

    @Override
    public List<String> problems(PluginConfig config) {
        String value = config.string("path").orElse("");
        try {
            if (!Path.of(value).isAbsolute()) {
                return List.of("path: an absolute path on the server, not '" + value + "'");
            }
        } catch (InvalidPathException e) {
            return List.of("path: not a path (" + e.getReason() + ")");
        }
        return List.of();
    }

    @Override
    public Connector create(PluginContext context, PluginConfig config) {
        return new FolderConnector(Path.of(config.string("path").orElseThrow()),
                FileEndings.of(config.string("include").orElse(FolderConnector.DEFAULT_INCLUDE)),
                (int) config.integer("maxFiles"));
    }
}
