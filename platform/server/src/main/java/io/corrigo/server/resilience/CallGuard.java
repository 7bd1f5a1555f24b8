package io.corrigo.server.resilience;

import java.util.concurrent.Callable;

/**
 * One plugin's guard as its wrappers see it: runs a call within the guard's timeout, breaker, bulkhead and rate
 * limit, and fails it with an unchecked exception naming the plugin when the guard refuses or the call fails.
 */
public interface CallGuard {

    /** The result of {@code work}, run behind the guard. */
    <T> T call(Callable<T> work);
}
