package dev.cairn.backend;

/**
 * A state ID found by listing. {@code hiddenFromMeltano} explains why {@code meltano state list}
 * would not show it as is (a {@code /} in the ID, a historical key layout), or is {@code null}.
 */
public record ListedState(String stateId, String hiddenFromMeltano) {

    public static ListedState visible(String stateId) {
        return new ListedState(stateId, null);
    }

    public boolean visibleToMeltano() {
        return hiddenFromMeltano == null;
    }
}
