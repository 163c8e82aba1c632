package dev.cairn;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import javafx.scene.Node;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Dependencies point inward: ui and cli on ops, ops on backend, backend on state, state on nothing of ours. */
@Tag("unit")
class ArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.cairn");

    @Test
    void stateIsPureDomain() {
        noClasses().that().resideInAPackage("dev.cairn.state..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.cairn.state..", "java..", "com.fasterxml.jackson..")
                .check(CLASSES);
    }

    @Test
    void backendsKnowOnlyTheDomain() {
        noClasses().that().resideInAPackage("dev.cairn.backend..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.cairn.ops..", "dev.cairn.cli..", "dev.cairn.ui..", "dev.cairn.meltano..")
                .check(CLASSES);
    }

    @Test
    void operationsDoNotKnowTheirCallers() {
        noClasses().that().resideInAPackage("dev.cairn.ops..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.cairn.cli..", "dev.cairn.ui..")
                .check(CLASSES);
    }

    @Test
    void nothingDependsOnTheUiButTheLauncher() {
        noClasses().that().resideOutsideOfPackage("dev.cairn.ui..").and().doNotHaveFullyQualifiedName("dev.cairn.Main")
                .should().dependOnClassesThat().resideInAPackage("dev.cairn.ui..")
                .check(CLASSES);
    }

    @Test
    void viewModelsHoldNoNodes() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel").or().haveSimpleNameStartingWith("Selection")
                .should().dependOnClassesThat().areAssignableTo(Node.class)
                .check(CLASSES);
    }

    /**
     * A screen's view: the node half of a screen, the one with a view model beside it ({@code DiffView}
     * and {@code DiffViewModel}); controls shared between screens ({@code JsonLinesView}) have none.
     */
    private static final DescribedPredicate<JavaClass> SCREEN_VIEW = DescribedPredicate.describe("a screen's view",
            c -> c.isAssignableTo(Node.class) && c.getPackageName().startsWith("dev.cairn.ui.")
                    && CLASSES.contain(c.getName() + "Model"));

    @Test
    void noScreenUsesAnotherScreensView() {
        // the window (ui.main), the app (ui.app) and the dialog service (ui.dialog) compose the screens;
        // screens stay out of each other's views
        classes().that().resideInAPackage("dev.cairn.ui..")
                .and().resideOutsideOfPackages("dev.cairn.ui.main", "dev.cairn.ui.app", "dev.cairn.ui.dialog")
                .should(new ArchCondition<JavaClass>("use no other screen's view") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                            JavaClass target = dependency.getTargetClass();
                            if (SCREEN_VIEW.test(target) && !target.getPackageName().equals(origin.getPackageName())) {
                                events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                            }
                        }
                    }
                })
                .check(CLASSES);
    }

    @Test
    void noJavaFxOutsideTheUi() {
        noClasses().that().resideOutsideOfPackage("dev.cairn.ui..").and().doNotHaveFullyQualifiedName("dev.cairn.Main")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..")
                .check(CLASSES);
    }

    @Test
    void theUiNeverUsesTheCommandLine() {
        noClasses().that().resideInAPackage("dev.cairn.ui..")
                .should().dependOnClassesThat().resideInAPackage("dev.cairn.cli..")
                .check(CLASSES);
    }

    @Test
    void noAwtInTheApp() {
        noClasses().should().dependOnClassesThat().resideInAPackage("java.awt..").check(CLASSES);
    }

    @Test
    void onlyTheCommandLineWritesToTheStandardStreams() {
        // the launcher says in one line why the window cannot open, before anything else has started
        noClasses().that().resideOutsideOfPackage("dev.cairn.cli..").and().doNotHaveFullyQualifiedName("dev.cairn.Main")
                .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
                .check(CLASSES);
    }

    /** The ui's packages, its root (the pieces the screens share) one of them. */
    private static final SliceAssignment UI_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            String name = c.getPackageName();
            if (!name.equals("dev.cairn.ui") && !name.startsWith("dev.cairn.ui.")) {
                return SliceIdentifier.ignore();
            }
            String rest = name.substring("dev.cairn.ui".length());
            return SliceIdentifier.of(rest.isEmpty() ? "ui" : rest.substring(1).split("\\.")[0]);
        }

        @Override
        public String getDescription() {
            return "the ui's packages";
        }
    };

    @Test
    void theUisPackagesFormNoCycles() {
        slices().assignedFrom(UI_PACKAGES).should().beFreeOfCycles().check(CLASSES);
    }
}
