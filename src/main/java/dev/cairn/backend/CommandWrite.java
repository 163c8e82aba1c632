package dev.cairn.backend;

/**
 * What the write of one of Meltano's state commands did ({@link StateBackend#write(String,
 * dev.cairn.state.StateDocument, Version, MeltanoRun)}): the state's new version, and whether the
 * command's {@code runs} row was left out because the system database has no {@code runs} table
 * (Meltano's always have one; a hand-made or pruned one may not). The state is written all the same:
 * Meltano reads state from the {@code state} table or the blob only, and the row is history.
 *
 * @param version the version now stored
 * @param noRunsTable the state was written without its runs row, the system database having no runs table
 */
public record CommandWrite(Version version, boolean noRunsTable) {

    /** A write whose runs row was added, or that has none to add (a backend without a system database). */
    public static CommandWrite of(Version version) {
        return new CommandWrite(version, false);
    }
}
