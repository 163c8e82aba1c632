package dev.cairn.ops;

import java.util.Locale;
import java.util.Set;

/**
 * What an environment's name says it is: production ({@code prod}, {@code production}, {@code prd},
 * in any case), staging, development, or something else. The window paints and guards a project's
 * environment by it, and the command line asks production's typed confirmation by it.
 */
public enum EnvironmentKind {
    DEV, STAGING, PROD, OTHER;

    private static final Set<String> PROD_NAMES = Set.of("prod", "production", "prd");
    private static final Set<String> STAGING_NAMES = Set.of("staging", "stage", "stg");
    private static final Set<String> DEV_NAMES = Set.of("dev", "development", "local");

    /** The kind an environment's name says; {@link #OTHER} for null. */
    public static EnvironmentKind of(String environment) {
        String e = environment == null ? "" : environment.toLowerCase(Locale.ROOT);
        return PROD_NAMES.contains(e) ? PROD : STAGING_NAMES.contains(e) ? STAGING : DEV_NAMES.contains(e) ? DEV : OTHER;
    }
}
