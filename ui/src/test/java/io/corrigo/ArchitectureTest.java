package io.corrigo;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.repository.Repository;
import org.springframework.stereotype.Service;

/**
 * The house rules, checked on the compiled classes of the plugin API, the engine, the host and the admin UI: a
 * change that breaks one fails the build with the offending dependency named.
 */
class ArchitectureTest {

    private static JavaClasses corrigo;

    @BeforeAll
    static void importClasses() {
        corrigo = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.corrigo.api", "io.corrigo.engine", "io.corrigo.server", "io.corrigo.ui");
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("io.corrigo.(**)").should().beFreeOfCycles().check(corrigo);
    }

    @Test
    void thePluginApiNeedsOnlyTheJdkAndPf4j() {
        classes().that().resideInAPackage("io.corrigo.api..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.corrigo.api..", "org.pf4j..")
                .check(corrigo);
    }

    @Test
    void theEngineKnowsNothingOfTheHost() {
        noClasses().that().resideInAPackage("io.corrigo.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "jakarta..",
                        "io.corrigo.server..", "io.corrigo.ui..", "com.vaadin..")
                .check(corrigo);
    }

    @Test
    void servicesSpeakNoHttp() {
        noClasses().that().areAnnotatedWith(Service.class)
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework.http..",
                        "org.springframework.web..", "jakarta.servlet..", "io.corrigo.server.web..")
                .because("services throw domain exceptions (ServiceException); the REST edge maps them to HTTP once")
                .check(corrigo);
    }

    @Test
    void theHostKnowsNothingOfTheAdminUi() {
        noClasses().that().resideInAPackage("io.corrigo.server..")
                .should().dependOnClassesThat().resideInAnyPackage("io.corrigo.ui..", "com.vaadin..")
                .check(corrigo);
    }

    @Test
    void theTenantPackageIsTheFloorAndDependsOnNothingAboveIt() {
        classes().that().resideInAPackage("io.corrigo.server.tenant..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "jakarta..", "org.springframework..",
                        "org.slf4j..", "com.fasterxml..", "org.hibernate..",
                        "io.corrigo.server.tenant..", "io.corrigo.server.problem..", "io.corrigo.server.audit..",
                        "io.corrigo.server.security..", "io.corrigo.server")
                .because("every feature stands on tenants: a feature's tenant data is its own TenantOwned, which the "
                        + "tenant package iterates without naming the feature")
                .check(corrigo);
    }

    @Test
    void thePluginLifecycleIsTheOneOwnerOfItsLock() {
        noClasses().that().doNotHaveFullyQualifiedName("io.corrigo.server.plugin.PluginLifecycle")
                .should().dependOnClassesThat().areAssignableTo(java.util.concurrent.locks.ReadWriteLock.class)
                .because("plugin changes and pipeline builds are ordered by PluginLifecycle.read/change/exclusively; "
                        + "a second holder of the lock is how the last three concurrency bugs came in")
                .check(corrigo);
    }

    @Test
    void aRepositoryIsUsedOnlyInsideItsFeature() {
        classes().that().areAssignableTo(Repository.class).and().resideInAPackage("io.corrigo..")
                .should(beUsedOnlyInTheirOwnPackage())
                .check(corrigo);
    }

    private static ArchCondition<JavaClass> beUsedOnlyInTheirOwnPackage() {
        return new ArchCondition<>("be used only by classes of their own package") {
            @Override
            public void check(JavaClass repository, ConditionEvents events) {
                for (Dependency dependency : repository.getDirectDependenciesToSelf()) {
                    JavaClass user = dependency.getOriginClass();
                    if (!user.getPackageName().equals(repository.getPackageName())) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }
}
