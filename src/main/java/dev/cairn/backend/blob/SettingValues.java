package dev.cairn.backend.blob;

/** How a cloud backend picks a setting among the places Meltano reads it from. */
final class SettingValues {

    private SettingValues() {}

    /** The first value set (blank counts as unset, as an empty Meltano setting does), stripped; {@code null} if none. */
    static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v.strip();
            }
        }
        return null;
    }
}
