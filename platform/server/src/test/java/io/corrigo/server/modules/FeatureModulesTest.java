package io.corrigo.server.modules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.core.Violations;

/**
 * The host's features as Spring Modulith application modules: every direct sub-package of {@code io.corrigo.server}
 * is one (its own package its API, its sub-packages its internals), and {@link ApplicationModules#verify()} refuses a
 * cycle between features and any use of another feature's internals except through a named interface
 * ({@code plugin.kind}, {@code tenant.deletion}).
 */
class FeatureModulesTest {

    private static final ImportOption MAIN = new ImportOption.DoNotIncludeTests();
    private static final ApplicationModules FEATURES = ApplicationModules.of("io.corrigo.server", MAIN);

    @Test
    void should_verify_the_features_as_application_modules() {
        FEATURES.verify();

        assertThat(FEATURES.stream().map(m -> m.getIdentifier().toString()))
                .contains("pipeline", "plugin", "tenant", "eval", "health", "cost", "conversation", "connector");
    }

    @Test
    void should_fail_when_a_feature_reads_another_feature_s_internals() {
        // the check bites: the same classes read without the named interfaces' exposure would not verify
        ApplicationModules withoutApi = ApplicationModules.of("io.corrigo.server",
                location -> MAIN.includes(location) && !location.contains("package-info"));

        assertThatThrownBy(withoutApi::verify).isInstanceOf(Violations.class)
                .hasMessageContaining("non-exposed type io.corrigo.server.plugin.kind.StageKind");
    }
}
