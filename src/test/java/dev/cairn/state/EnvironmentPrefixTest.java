package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The environment a state ID names, on the IDs Meltano's own tests of its pattern use (tests/meltano/cli/test_state.py). */
@Tag("unit")
class EnvironmentPrefixTest {

    @ParameterizedTest
    @CsvSource({
            "dev:tap-mock-to-target-mock, dev",
            "dev:tap-mock-to-target-mock:suffix, dev",
            "staging:mock-to-mock, staging",
            "prod:tap-github-to-target-postgres, prod",
            "cicd:tap-github-to-target-snowflake:feat/new-streams, cicd",
    })
    void aConventionalIdNamesItsEnvironment(String id, String environment) {
        assertEquals(Optional.of(environment), EnvironmentPrefix.of(id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"unconventional", "dev:tap-and-target", "tap-mock-to-target-mock", "staging:",
            "staging:tap-mock-to-", "dev:-to-target-mock", "dev:tap-to-target:", "dev:tap-to-target:suffix:",
            "2024-06-01T101500--tap-gitlab--target-jsonl"})
    void anyOtherIdNamesNone(String id) {
        assertEquals(Optional.empty(), EnvironmentPrefix.of(id));
    }

    /** Python's '.' is any character but a newline, and its '$' also matches before a last newline. */
    @ParameterizedTest
    @CsvSource({"'dev:tap-x-to-target-y\n', dev", "'dev:tap-x-to-target-y\r', dev"})
    void lineBreaksCountAsInPython(String id, String environment) {
        assertEquals(Optional.of(environment), EnvironmentPrefix.of(id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev:tap-x-to-\ntarget-y", "dev:tap-x-to-target-y\n\n"})
    void aNewlineInsideIsNoMatch(String id) {
        assertEquals(Optional.empty(), EnvironmentPrefix.of(id));
    }
}
