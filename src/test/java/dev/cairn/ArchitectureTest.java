package dev.cairn;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Dependencies point inward: ui and cli on ops, ops on backend, backend on state, state on nothing of ours. */
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
    void noJavaFxOutsideTheUi() {
        noClasses().that().resideOutsideOfPackage("dev.cairn.ui..").and().doNotHaveFullyQualifiedName("dev.cairn.Main")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..")
                .check(CLASSES);
    }
}
