package dev.cairn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every test class belongs to one tier, so that {@code mvn test -Dgroups=unit} runs the fast ones:
 * {@code unit} (no server, no window), {@code server} (the real test servers), {@code window}
 * (JavaFX, headless), {@code reliability} (races, faults), {@code bench} (the benchmark's harness).
 */
@Tag("unit")
class TestTiersTest {

    private static final Set<String> TIERS = Set.of("unit", "server", "window", "reliability", "bench");

    @Test
    void everyTestClassIsInExactlyOneTier() {
        JavaClasses tests = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("dev.cairn");
        List<String> untiered = tests.stream()
                .filter(c -> c.getEnclosingClass().isEmpty() && !c.getModifiers().contains(JavaModifier.ABSTRACT))
                .filter(TestTiersTest::hasTests)
                .filter(c -> tier(c).filter(TIERS::contains).isEmpty())
                .map(JavaClass::getName).sorted().toList();
        assertEquals(List.of(), untiered, "test classes without @Tag(\"unit|server|window|reliability|bench\")");
    }

    private static boolean hasTests(JavaClass c) {
        return c.getAllMethods().stream().anyMatch(m -> m.isAnnotatedWith(Test.class)
                || m.isAnnotatedWith("org.junit.jupiter.params.ParameterizedTest")
                || m.isAnnotatedWith("org.junit.jupiter.api.RepeatedTest")
                || m.isAnnotatedWith("org.junit.jupiter.api.TestFactory"));
    }

    /** The class's tier, or its superclass's: JUnit's tags are inherited. */
    private static Optional<String> tier(JavaClass c) {
        for (Optional<JavaClass> k = Optional.of(c); k.isPresent(); k = k.get().getRawSuperclass()) {
            Optional<String> tag = k.get().tryGetAnnotationOfType(Tag.class).map(Tag::value);
            if (tag.isPresent()) {
                return tag;
            }
        }
        return Optional.empty();
    }
}
