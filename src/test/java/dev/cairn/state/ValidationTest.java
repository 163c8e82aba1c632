package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class ValidationTest {

    @Test
    void syntaxErrorsCarryTheirPosition() {
        Validation.Result r = Validation.check("{\n  \"singer_state\": {\n    \"bookmarks\": {,}\n  }\n}", true);
        assertFalse(r.canSave());
        Validation.Problem p = r.problems().get(0);
        assertEquals(Validation.Severity.ERROR, p.severity());
        assertEquals(3, p.line());
        assertTrue(p.column() > 1);
    }

    @Test
    void theSingerStateWrapperIsRequiredOrWarnedAbout() {
        assertFalse(Validation.check("{\"bookmarks\": {}}", true).canSave());
        Validation.Result lenient = Validation.check("{\"bookmarks\": {}}", false);
        assertTrue(lenient.canSave());
        assertEquals(Validation.Severity.WARNING, lenient.problems().get(0).severity());
        assertTrue(Validation.check("{}", true).canSave(), "an empty partial is fine");
        assertFalse(Validation.check("[1]", false).canSave());
        assertFalse(Validation.check("{\"singer_state\": 3}", true).canSave());
    }

    @Test
    void numbersPythonReadsAsInfinityAreWarnedAboutButSaved() {
        Validation.Result r = Validation.check("{\"singer_state\": {\"a\": [1.5, 1e400], \"b\": -Infinity, \"c\": NaN, \"d\": 1e308}}", true);
        assertTrue(r.canSave());
        assertEquals(List.of("/singer_state/a/1", "/singer_state/b", "/singer_state/c"),
                r.problems().stream().map(Validation.Problem::pointer).toList());
        assertTrue(r.problems().stream().allMatch(p -> p.severity() == Validation.Severity.WARNING));
        assertTrue(r.problems().get(0).message().contains("stored as Infinity"), r.problems().get(0).message());
    }

    @Test
    void timestampKeysWithOtherValuesAreWarnedAbout() {
        Validation.Result r = Validation.check("{\"singer_state\": {\"bookmarks\": {\"orders\": "
                + "{\"replication_key\": \"updated_at\", \"replication_key_value\": \"yesterday\"}}}}", true);
        assertTrue(r.canSave());
        assertEquals(1, r.problems().size());
        assertEquals("/singer_state/bookmarks/orders", r.problems().get(0).pointer());
        assertTrue(Validation.check("{\"singer_state\": {\"bookmarks\": {\"orders\": "
                + "{\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T00:00:00Z\"}}}}", true)
                .problems().isEmpty());
    }
}
