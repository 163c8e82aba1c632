package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every registered backend kind (every line of META-INF/services/dev.cairn.backend.BackendFactory)
 * describes itself completely, and docs/backends.md holds the descriptions as they are.
 */
@Tag("unit")
class BackendKindsTest {

    /** Names that hold secrets whatever the kind (Meltano marks such settings sensitive). */
    private static final Pattern SECRET_LOOKING = Pattern.compile(
            ".*(password|secret|token|access_key|connection_string|credentials_json|private_key).*");

    private static final String TABLE_START = "<!-- backend kinds: generated from the descriptors, checked by BackendKindsTest -->";
    private static final String TABLE_END = "<!-- end of backend kinds -->";

    private static List<BackendFactory> factories() {
        return ServiceLoader.load(BackendFactory.class).stream().map(ServiceLoader.Provider::get).toList();
    }

    @Test
    void everyRegisteredKindIsDescribedCompletely() {
        List<BackendFactory> factories = factories();
        assertTrue(factories.size() >= 6, "the six kinds Cairn had first are registered: " + factories);
        Set<String> ids = new HashSet<>();
        for (BackendFactory factory : factories) {
            BackendKind kind = factory.kind();
            String who = factory.getClass().getSimpleName();
            assertNotNull(kind, who);
            assertTrue(kind.id().matches("[a-z][a-z0-9-]*"), who + ": id " + kind.id());
            assertTrue(ids.add(kind.id()), who + ": the id " + kind.id() + " is another kind's too");
            assertFalse(kind.displayName().isBlank(), who);
            assertFalse(kind.schemes().isEmpty(), who);
            assertFalse(kind.exampleUri().isBlank(), who);
            assertTrue(factory.accepts(kind.exampleUri()), who + " refuses its own example " + kind.exampleUri());
            assertTrue(kind.schemes().stream().anyMatch(scheme -> kind.exampleUri().startsWith(scheme + ":")),
                    who + ": the example " + kind.exampleUri() + " has none of its schemes " + kind.schemes());
            assertNull(kind.problem(kind.exampleUri()), who + " finds its own example malformed");
            assertEquals(kind.id(), Backends.kindOf(kind.exampleUri()).orElseThrow().id(),
                    who + ": another kind's factory takes its example " + kind.exampleUri());

            Set<String> keys = new HashSet<>();
            for (BackendSetting setting : kind.settings()) {
                String what = who + " " + setting.key();
                String family = setting.key().substring(0, Math.max(0, setting.key().indexOf('.')));
                // Meltano's extensions name their settings after the database (postgresql.host for postgresql+extension:)
                assertTrue(family.equals(kind.id()) || kind.id().startsWith(family + "-")
                                || kind.schemes().stream().anyMatch(scheme -> scheme.equals(family) || scheme.startsWith(family + "+")),
                        what + ": a key starts with its kind's id or scheme and a dot, as Meltano's do");
                assertTrue(keys.add(setting.key()), what + " twice");
                assertFalse(setting.label().isBlank(), what + " has no label");
                if (SECRET_LOOKING.matcher(setting.key().toLowerCase(Locale.ROOT)).matches()) {
                    assertTrue(setting.secret(), what + " holds a secret: mark it so");
                }
                if (setting.secret()) {
                    assertFalse(setting.offered(), what + ": a secret is never saved, so the Connect form has no field for it");
                }
                if (setting.offered()) {
                    assertFalse(setting.hint().isBlank(), what + ": a field of the Connect form says what to type");
                }
                if (setting.isMeltano()) {
                    assertEquals(BackendSetting.MELTANO_PREFIX + setting.key(), setting.meltanoName(), what);
                    // Meltano's convention: MELTANO_ and the setting's name in capitals, dots as underscores
                    assertEquals("MELTANO_" + setting.meltanoName().toUpperCase(Locale.ROOT).replace('.', '_'),
                            setting.environmentVariable(), what);
                } else if (setting.environmentVariable() != null) {
                    assertFalse(setting.environmentVariable().startsWith("MELTANO_"),
                            what + ": Cairn's own setting has no Meltano variable");
                }
            }
        }
    }

    @Test
    void everyKindOfTheirsIsOneThatBackendsOpens() {
        assertEquals(factories().stream().map(f -> f.kind().id()).toList(), Backends.kinds().stream().map(BackendKind::id).toList());
        BackendException unknown = Assertions.assertThrows(BackendException.class,
                () -> Backends.open("ftp://host/state", BackendOptions.defaults()));
        for (BackendKind kind : Backends.kinds()) {
            assertTrue(unknown.getMessage().contains(kind.exampleUri()), unknown.getMessage());
        }
    }

    @Test
    void docsHoldEveryKindAsDescribed() throws Exception {
        String docs = Files.readString(Path.of("docs/backends.md"));
        int start = docs.indexOf(TABLE_START);
        int end = docs.indexOf(TABLE_END);
        String expected = table();
        assertTrue(start >= 0 && end > start, "docs/backends.md has no table of kinds; add:\n" + TABLE_START + "\n"
                + expected + TABLE_END);
        assertEquals(expected, docs.substring(start + TABLE_START.length() + 1, end),
                "docs/backends.md's table of kinds is not the descriptors'; put this between its markers:\n" + expected);
    }

    /** The kinds and their settings as docs/backends.md shows them. */
    private static String table() {
        StringBuilder out = new StringBuilder();
        out.append("| kind | what | URI schemes | URI, e.g. |\n|---|---|---|---|\n");
        for (BackendKind kind : Backends.kinds()) {
            out.append("| `").append(kind.id()).append("` | ").append(kind.displayName()).append(" | ")
                    .append(kind.schemes().stream().map(scheme -> "`" + scheme + ":`").collect(Collectors.joining(", ")))
                    .append(" | `").append(kind.exampleUri()).append("` |\n");
        }
        out.append("\n| setting | in meltano.yml | variable | secret | Connect form | default | what |\n|---|---|---|---|---|---|---|\n");
        for (BackendKind kind : Backends.kinds()) {
            for (BackendSetting s : kind.settings()) {
                out.append("| `").append(s.key()).append("` | ").append(s.isMeltano() ? "`" + s.meltanoName() + "`" : "Cairn's own").append(" | ")
                        .append(s.environmentVariable() == null ? "–" : "`" + s.environmentVariable() + "`").append(" | ")
                        .append(s.secret() ? "yes" : "").append(" | ").append(s.offered() ? "yes" : "").append(" | ")
                        .append(s.defaultValue() == null ? "" : "`" + s.defaultValue() + "`").append(" | ")
                        .append(s.label()).append(s.hint().isEmpty() ? "" : ": " + s.hint()).append(" |\n");
            }
        }
        return out.toString();
    }
}
