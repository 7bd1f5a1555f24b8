package io.corrigo.server.resilience;

/**
 * Why a guarded plugin call gave up (timeout, open breaker, bulkhead full, rate limit, or the plugin's own failure
 * after retries): the message goes into the run's trace and the response's notices.
 */
public class PluginUnavailableException extends RuntimeException {

    public PluginUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
