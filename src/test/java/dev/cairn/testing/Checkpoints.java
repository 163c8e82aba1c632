package dev.cairn.testing;

/** A state and a pipeline's checkpoint onto it, for tests that watch a sync: orders moves on, refunds is new. */
public final class Checkpoints {

    /** The state before: one stream, orders, at 1. */
    public static final String STATE = "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key\": \"id\","
            + " \"replication_key_value\": 1}}}}";

    /** A partial write of the run: orders at 2, refunds new at "2024-06-01". */
    public static final String CHECKPOINT = "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": 2},"
            + " \"refunds\": {\"replication_key\": \"at\", \"replication_key_value\": \"2024-06-01\"}}}}";

    /** What a watch tells of the checkpoint, per stream. */
    public static final String[] CHANGED = {"~ orders: 1 -> 2", "+ refunds: \"2024-06-01\""};

    private Checkpoints() {}
}
