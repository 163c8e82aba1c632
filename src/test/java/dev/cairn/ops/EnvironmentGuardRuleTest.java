package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which IDs the guard names, and which environments are production by their name. */
@Tag("unit")
class EnvironmentGuardRuleTest {

    @Test
    void theIdsNamingAnotherEnvironmentAreNamedInOrder() {
        EnvironmentGuard prod = new EnvironmentGuard("prod");
        assertEquals(List.of("dev:tap-a-to-target-b", "staging:tap-c-to-target-d:suffix"), prod.foreignIds(List.of(
                "dev:tap-a-to-target-b", "prod:tap-a-to-target-b", "staging:tap-c-to-target-d:suffix",
                "2024-06-01T101500--tap-gitlab--target-jsonl", "plain-id")));
        assertEquals(List.of("PROD:tap-a-to-target-b"), prod.foreignIds(List.of("PROD:tap-a-to-target-b")),
                "Meltano's environment names are case-sensitive");
    }

    @Test
    void productionIsTheWindowsRuleInAnyCase() {
        for (String name : List.of("prod", "Production", "PRD")) {
            assertTrue(new EnvironmentGuard(name).production(), name);
        }
        for (String name : List.of("staging", "dev", "prod-eu", "preprod")) {
            assertFalse(new EnvironmentGuard(name).production(), name);
        }
        assertEquals(EnvironmentKind.OTHER, EnvironmentKind.of(null));
    }
}
