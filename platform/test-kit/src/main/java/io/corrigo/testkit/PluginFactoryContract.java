package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.ConfigType;
import io.corrigo.api.config.PluginConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every plugin factory promises, whatever it creates: a stable well-formed id, a help text, valid settings,
 * and an instance created from those settings. The kind-specific contracts extend this one.
 *
 * <p>Override {@link #settings()} when your factory needs values (an endpoint, a path) and {@link #prepare(Path)}
 * to put files in the instance's data directory before it is created.
 *
 * @param <T> the kind of instance the factory creates
 */
public abstract class PluginFactoryContract<T> {

    private static final int THREADS = 8;

    @TempDir
    private Path dataDirectory;

    private final List<Object> created = new ArrayList<>();
    private ExecutorService threads;

    /** The factory under test, as the plugin registers it. */
    protected abstract PluginFactory<T> factory();

    /** The settings the instances under test are created with; the defaults when empty. */
    protected Map<String, String> settings() {
        return Map.of();
    }

    /** Called with the instance's data directory before the instance is created. */
    protected void prepare(Path directory) throws Exception {
    }

    /** How long one call may take before the host would give up on it. */
    protected Duration callTimeout() {
        return Duration.ofSeconds(10);
    }

    @BeforeEach
    final void startThreads() {
        threads = Executors.newFixedThreadPool(THREADS);
    }

    @AfterEach
    final void closeInstances() throws Exception {
        threads.shutdownNow();
        for (Object instance : created) {
            if (instance instanceof AutoCloseable closeable) {
                closeable.close();
            }
        }
        created.clear();
    }

    /** A new instance, created as the host creates one: settings validated, a fresh data directory. */
    protected final T newInstance() {
        try {
            Path directory = Files.createTempDirectory(dataDirectory, "instance");
            prepare(directory);
            PluginConfig config = PluginConfig.resolve(factory().configProperties(), settings());
            T instance = factory().create(TestPluginContext.in(directory), config);
            assertThat(instance).as("factory %s created null", factory().id()).isNotNull();
            created.add(instance);
            return instance;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs {@code call} and fails when it does not return within {@link #callTimeout()}. */
    protected final <R> R within(Callable<R> call) {
        Future<R> future = threads.submit(call);
        try {
            return future.get(callTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            return fail("the call did not return within %s: the host would time it out and degrade the run", callTimeout());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs {@code call} on a thread whose interrupted flag is set, as when the host cancels a run: it must return or
     * throw within {@link #callTimeout()}, not block. @return what it returned, or the exception it threw
     */
    protected final Object withInterruptedThread(Callable<?> call) {
        return within(() -> {
            Thread.currentThread().interrupt();
            try {
                return call.call();
            } catch (Exception e) {
                return e;
            } finally {
                Thread.interrupted();
            }
        });
    }

    /** Runs {@code call} {@code rounds} times on each of several threads at once. @return every result */
    protected final <R> List<R> concurrently(int rounds, Callable<R> call) {
        List<Future<R>> futures = new ArrayList<>();
        for (int i = 0; i < THREADS * rounds; i++) {
            futures.add(threads.submit(call));
        }
        List<R> results = new ArrayList<>();
        for (Future<R> future : futures) {
            try {
                results.add(future.get(callTimeout().toMillis() * rounds, TimeUnit.MILLISECONDS));
            } catch (ExecutionException e) {
                throw new AssertionError("a call failed when " + THREADS + " threads called at once: " + e.getCause(), e.getCause());
            } catch (InterruptedException | TimeoutException e) {
                throw new AssertionError("calls from " + THREADS + " threads did not finish: " + e, e);
            }
        }
        return results;
    }

    @Test
    void factory_id_is_stable_and_well_formed() {
        assertThat(factory().id()).as("factory id").isNotNull().matches("[a-z0-9][a-z0-9.-]{0,63}");
        assertThat(factory().id()).as("id() must return the same value every time").isEqualTo(factory().id());
    }

    @Test
    void factory_describes_itself_for_admins() {
        assertThat(factory().description()).as("description() is the admin's help text").isNotBlank();
    }

    @Test
    void config_properties_are_valid() {
        List<ConfigProperty> properties = factory().configProperties();
        assertThat(properties).as("configProperties() is never null and has no null entry").isNotNull().doesNotContainNull();
        Set<String> names = new HashSet<>();
        for (ConfigProperty property : properties) {
            assertThat(names.add(property.name())).as("config property '%s' is declared twice", property.name()).isTrue();
            assertThat(property.label()).as("label of '%s'", property.name()).isNotBlank();
            if (property.defaultValue() != null && !property.defaultValue().isBlank()) {
                try {
                    PluginConfig.resolve(List.of(property), Map.of());
                } catch (RuntimeException e) {
                    fail("the default of '%s' is not a valid value of its own property: %s", property.name(), e.getMessage());
                }
            }
            if (property.secret()) {
                assertThat(property.type()).as("secret '%s' must be a STRING", property.name()).isEqualTo(ConfigType.STRING);
                assertThat(property.defaultValue()).as("secret '%s' must not ship a default value inside the plugin",
                        property.name()).isNullOrEmpty();
            }
        }
    }

    @Test
    void the_test_settings_are_valid_and_create_an_instance() {
        PluginConfig config = PluginConfig.resolve(factory().configProperties(), settings());
        assertThat(factory().problems(config)).as("problems() of the test settings: the host would refuse to save them")
                .isNotNull().isEmpty();
        assertThat(newInstance()).isNotNull();
    }
}
