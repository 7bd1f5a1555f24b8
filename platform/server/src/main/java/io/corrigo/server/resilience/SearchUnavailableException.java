package io.corrigo.server.resilience;

/** Why a guarded search gave up: the message goes into the run's trace and the response's notices. */
public class SearchUnavailableException extends PluginUnavailableException {

    public SearchUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
