package io.corrigo.server.plugin.runner;

/**
 * A call to a plugin in its runner failed: the plugin threw (its type and message are in the text), the runner did
 * not answer in time, or it is not running. The pipeline treats it as any plugin failure: the run degrades and says
 * why.
 */
public class PluginRunnerException extends RuntimeException {

    public PluginRunnerException(String message) {
        super(message);
    }
}
