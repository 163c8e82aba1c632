package dev.cairn.ui.theme;

import java.util.Locale;
import javafx.beans.value.ChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/** Every style class and pseudo-class the views use; cairn.css is the only place they are painted. */
public final class Styles {

    public static final String STYLESHEET = "/dev/cairn/ui/cairn.css";

    // layout
    public static final String APP = "cairn";
    public static final String APP_NAME = "app-name";
    public static final String ICON = "icon";
    public static final String ICON_BUTTON = "icon-button";
    public static final String ICON_ERROR = "icon-error";
    public static final String ENV_STRIPE = "env-stripe";
    public static final String CONNECT_FORM = "connect-form";
    public static final String INSPECTOR = "inspector";
    public static final String JSON_PANE = "json-pane";
    public static final String BOOKMARKS = "bookmarks";
    public static final String SIDEBAR = "sidebar";
    public static final String SIDEBAR_TITLE = "sidebar-title";
    public static final String BACKEND_ITEM = "backend-item";
    public static final String BACKEND_NAME = "backend-name";
    public static final String BACKEND_URI = "backend-uri";
    public static final String ENV_CHIP = "env-chip";
    public static final String ENV_BANNER = "env-banner";
    public static final String TOOLBAR = "cairn-toolbar";
    public static final String STATUS_BAR = "status-bar";
    public static final String PANE_HEADER = "pane-header";
    public static final String TITLE = "title";
    public static final String SUBTITLE = "subtitle";
    public static final String VERDICT = "verdict";
    /** Two lines' height whatever the text: what is under it stays put as the text comes and goes. */
    public static final String TWO_LINES = "two-lines";
    public static final String MUTED = "muted";
    public static final String PLACEHOLDER = "placeholder";

    // state list
    public static final String STATE_LIST = "state-list";
    public static final String STATE_ID = "state-id";
    public static final String FILTER_FIELD = "filter-field";
    public static final String BADGE = "badge";
    public static final String BADGE_COUNT = "badge-count";
    public static final String BADGE_BAR = "badge-bar";

    // errors
    public static final String ERROR_BANNER = "error-banner";
    public static final String ERROR_DETAILS = "error-details";
    public static final String NOTICE = "notice";
    public static final String ABOUT = "about";

    // JSON viewers
    public static final String JSON_VIEW = "json-view";
    public static final String JSON_LINE = "json-line";
    public static final String LINE_NUMBER = "line-number";
    /** RichTextFX's line numbers' class, which the code area's own numbers (raw text's) take too. */
    public static final String CODE_LINE_NUMBER = "lineno";
    public static final String SEARCH_BAR = "search-bar";
    public static final String JSON_KEY = "json-key";
    public static final String JSON_STRING = "json-string";
    public static final String JSON_NUMBER = "json-number";
    public static final String JSON_LITERAL = "json-literal";
    public static final String JSON_PUNCT = "json-punct";
    public static final String JSON_ERROR = "json-error";
    public static final String SEARCH_HIT = "search-hit";

    // diff
    public static final String DIFF_VIEW = "diff-view";
    public static final String DIFF_SUMMARY = "diff-summary";
    public static final String DIFF_ADDED = "diff-added";
    public static final String DIFF_REMOVED = "diff-removed";
    public static final String DIFF_CHANGED = "diff-changed";
    public static final String DIFF_FILLER = "diff-filler";
    public static final String DIFF_VALUE = "diff-value";

    // bookmarks
    public static final String BOOKMARKS_TABLE = "bookmarks-table";
    public static final String FLAG = "flag";

    // writes
    public static final String DIFF_PANES = "diff-panes";
    public static final String CHANGES_LIST = "changes-list";
    /** A list or table whose values are read whole (changes, copy results): none is cut without its whole text on hover. */
    public static final String WHOLE_VALUES = "whole-values";
    public static final String EDITOR = "editor";
    public static final String PROBLEMS = "problems";
    public static final String ERROR_LINE = "error-line";
    public static final String PRIMARY = "primary";
    public static final String DANGER_TEXT = "danger-text";
    public static final String ACTION_BAR = "action-bar";
    public static final String SHEET = "sheet";
    public static final String SHEET_BODY = "sheet-body";
    public static final String SHEET_BUTTONS = "sheet-buttons";
    /** Check backend…: the report sheet, a severity's badge and chip, a finding's Fix… button. */
    public static final String CHECK_SHEET = "check-sheet";
    public static final String SEVERITY_ERROR = "severity-error";
    public static final String SEVERITY_WARNING = "severity-warning";
    public static final String SEVERITY_NOTICE = "severity-notice";
    public static final String CHECK_FIX = "check-fix";
    /** Compare backends…: the sheet; a status's badge and chip are {@code compare-status-<status>} ({@link #variant}). */
    public static final String COMPARE_SHEET = "compare-sheet";
    public static final String COMPARE_STATUS = "compare-status";
    public static final String WRITE_SHEET = "write-sheet";
    /** Open plan…: the diff a plan saved with a write (plain text, as {@code cairn apply} prints it), and a write's status. */
    public static final String PLAN_DIFF = "plan-diff";
    public static final String PLAN_STATUS = "plan-status";
    public static final String OVERLAPS = "overlaps";
    public static final String FORM = "form";
    public static final String RESULTS_TABLE = "results-table";
    public static final String OUTCOME = "outcome";
    public static final String HISTORY = "history";
    public static final String TIMELINE = "timeline";
    /** The inspector's Watch toggle, its status and the changes it saw. */
    public static final String WATCH_BAR = "watch-bar";
    /** A line of the preview of a rewind of states: a state's ID, or one of its bookmarks' change. */
    public static final String REWIND_LINE = "rewind-line";

    // pseudo-classes
    public static final PseudoClass DARK = PseudoClass.getPseudoClass("dark");
    public static final PseudoClass READ_ONLY = PseudoClass.getPseudoClass("read-only");
    public static final PseudoClass BUSY = PseudoClass.getPseudoClass("busy");
    public static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    public static final PseudoClass PROBLEM = PseudoClass.getPseudoClass("problem");
    public static final PseudoClass CONFLICT = PseudoClass.getPseudoClass("conflict");
    /** A pane narrower than its usual content: tighter spacing. */
    public static final PseudoClass NARROW = PseudoClass.getPseudoClass("narrow");

    private Styles() {}

    /** A per-value style class: {@code badge-corrupt-json}, {@code flag-no-bookmark}, {@code icon-refresh}. */
    public static String variant(String prefix, Enum<?> value) {
        return prefix + "-" + value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A button that is never narrower than its text (no "…"), with an id for tests and its action. */
    public static Button button(String id, String text, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setMinWidth(Region.USE_PREF_SIZE);
        button.setOnAction(e -> action.run());
        return button;
    }

    /**
     * Shows a label's whole text as its tooltip: for a label whose room is fixed (a line or two
     * kept whatever it says), which cuts a longer text, and for the cells of lists and tables whose
     * values are read whole ({@link #WHOLE_VALUES}). No tooltip while there is no text (an empty cell).
     */
    public static void wholeTextAsTooltip(Labeled label) {
        Tooltip whole = new Tooltip();
        whole.setWrapText(true);
        whole.setMaxWidth(600);
        whole.textProperty().bind(label.textProperty());
        ChangeListener<String> shown = (o, was, now) -> label.setTooltip(now == null || now.isEmpty() ? null : whole);
        label.textProperty().addListener(shown);
        shown.changed(null, null, label.getText());
    }
}
