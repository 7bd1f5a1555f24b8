package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;
import org.pf4j.Extension;

/** Registers the Git repository connector. */
@Extension
public class GitConnectorFactory implements ConnectorFactory {

    public static final String ID = "git";
    private static final Pattern BRANCH = Pattern.compile("[A-Za-z0-9._/-]{1,200}");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Keeps a knowledge base in step with the Markdown and text files of a Git repository's branch (JGit): "
                + "each sync fetches only new commits, and a file is indexed again only when its content changed. "
                + "https:// (with a token for a private repository), http:// or git:// addresses.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("repository", "Repository", null).asRequired()
                        .withDescription("e.g. https://github.com/acme/handbook.git"),
                ConfigProperty.string("branch", "Branch", "main"),
                ConfigProperty.string("include", "File types", GitConnector.DEFAULT_INCLUDE)
                        .withDescription("File name endings to index, separated by commas."),
                ConfigProperty.string("username", "User name", "")
                        .withDescription("For a private repository over https (with some hosts any name works with a token)."),
                ConfigProperty.string("token", "Token or password", "").asSecret());
    }

    @Override
    public List<String> problems(PluginConfig config) {
        String value = config.string("repository").orElse("");
        try {
            URI uri = URI.create(value);
            if (!List.of("https", "http", "git").contains(String.valueOf(uri.getScheme())) || uri.getHost() == null) {
                return List.of("repository: an https://, http:// or git:// address, not '" + value + "'");
            }
        } catch (IllegalArgumentException e) {
            return List.of("repository: not an address ('" + value + "')");
        }
        if (!BRANCH.matcher(config.string("branch").orElse("main")).matches() || config.string("branch").orElse("").contains("..")) {
            return List.of("branch: a branch name, not '" + config.string("branch").orElse("") + "'");
        }
        return List.of();
    }

    @Override
    public Connector create(PluginContext context, PluginConfig config) {
        return new GitConnector(config.string("repository").orElseThrow(), config.string("branch").orElse("main"),
                FileEndings.of(config.string("include").orElse(GitConnector.DEFAULT_INCLUDE)),
                config.string("username").orElse(""), config.string("token").orElse(""),
                context.dataDirectory().resolve("repository.git"));
    }
}
