package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.ops.compare.Comparison;
import dev.cairn.ops.compare.IdComparison;
import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.state.DiffSummary;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateComparison;
import dev.cairn.state.StateComparison.Lead;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Prints a {@link Comparison}: aligned text for a terminal, or a JSON object per ID and line for scripts. */
abstract class ComparisonPrinter implements Comparison.Listener {

    /** Bookmarks listed under a different ID in text; the rest are counted. */
    private static final int LEADS_SHOWN = 10;
    private static final int STATUS_WIDTH = 16;
    private static final String INDENT = " ".repeat(STATUS_WIDTH + 2);

    final PrintWriter out;
    /** Where the reads' progress is shown (stderr on a terminal), or {@code null}. */
    private PrintWriter progressOut;
    /** Whether a progress line stands on the terminal, to be erased before the next line of output. */
    private boolean progressShown;

    private ComparisonPrinter(PrintWriter out) {
        this.out = out;
    }

    static ComparisonPrinter text(PrintWriter out, boolean renamed) {
        return new Text(out, renamed);
    }

    static ComparisonPrinter json(PrintWriter out) {
        return new JsonLines(out);
    }

    /** Prints what comes after the last ID. */
    abstract void finish(Comparison.Totals totals);

    /** This printer, showing the reads' progress on {@code err} when that is a terminal ({@link TerminalWriter}). */
    ComparisonPrinter withProgress(PrintWriter err) {
        progressOut = TerminalWriter.isTerminal(err) ? err : null;
        return this;
    }

    @Override
    public void progress(Comparison.Progress p) {
        if (progressOut != null) {
            progressOut.printf(Locale.ROOT, "\r\u001b[Kread %,d here, %,d there; %,d compared", p.readHere(), p.readThere(),
                    p.compared());
            progressOut.flush();
            progressShown = true;
        }
    }

    /** Erases the progress line, so that the next line of output does not land behind it on the terminal. */
    final void clearProgress() {
        if (progressShown) {
            progressOut.print("\r\u001b[K");
            progressOut.flush();
            progressShown = false;
        }
    }

    /** Which side a failed read or unusable state is on: "here", "there", "both", or null. */
    static String unreadableSide(IdComparison result) {
        if (result.hereProblem() != null && result.thereProblem() != null) {
            return "both";
        }
        return result.hereProblem() != null ? "here" : result.thereProblem() != null ? "there" : null;
    }

    private static String value(JsonNode value) {
        return value == null || value.isNull() ? "none" : value.isTextual() ? value.textValue() : PythonJson.dumps(value);
    }

    /** Sorted by ID once both sides are read: a status column, the ID, and indented details. */
    private static final class Text extends ComparisonPrinter {
        private final boolean renamed;
        private final List<IdComparison> results = new ArrayList<>();

        Text(PrintWriter out, boolean renamed) {
            super(out);
            this.renamed = renamed;
        }

        @Override
        public void compared(IdComparison result) {
            results.add(result);
        }

        @Override
        void finish(Comparison.Totals totals) {
            clearProgress();
            results.sort(Comparator.comparing(IdComparison::hereId).thenComparing(IdComparison::thereId));
            for (IdComparison result : results) {
                String id = renamed ? PrintableId.of(result.hereId()) + " -> " + PrintableId.of(result.thereId())
                        : PrintableId.of(result.hereId());
                out.println(paint(result.status(), String.format(Locale.ROOT, "%-" + STATUS_WIDTH + "s", result.status().label()))
                        + "  " + id);
                details(result);
            }
            List<String> counts = new ArrayList<>();
            for (Status status : Status.values()) {
                counts.add(String.format(Locale.ROOT, "%,d %s", totals.count(status), status.label()));
            }
            out.println(String.format(Locale.ROOT, "%,d ID%s: %s", totals.total(), totals.total() == 1 ? "" : "s",
                    String.join(", ", counts)));
            results.clear();
        }

        private void details(IdComparison result) {
            if (result.hereProblem() != null) {
                out.println(INDENT + "here: " + result.hereProblem());
            }
            if (result.thereProblem() != null) {
                out.println(INDENT + "there: " + result.thereProblem());
            }
            StateComparison detail = result.detail();
            if (result.status() != Status.DIFFERENT || detail == null) {
                return;
            }
            out.println(INDENT + detail.sentence());
            if (detail.summary().consequence() != null) {
                out.println(INDENT + detail.summary().consequence());
            }
            List<Lead> leads = detail.leads();
            for (int i = 0; i < leads.size() && i < LEADS_SHOWN; i++) {
                Lead lead = leads.get(i);
                String stream = lead.partition().isEmpty() ? lead.stream() : lead.stream() + " [" + lead.partition() + "]";
                out.println(INDENT + stream + ": here " + value(lead.here()) + ", there " + value(lead.there())
                        + " (" + ahead(lead.ahead()) + ")");
            }
            if (leads.size() > LEADS_SHOWN) {
                out.println(String.format(Locale.ROOT, "%s… %,d more bookmarks differ", INDENT, leads.size() - LEADS_SHOWN));
            }
        }

        /** The status in its colour on a terminal: the same green, different yellow, unreadable red. */
        private String paint(Status status, String text) {
            Colours colours = TerminalWriter.colours(out);
            switch (status) {
                case SAME: case SAME_EFFECTIVE: return colours.paint(Colours.Role.GOOD, text);
                case DIFFERENT: return colours.paint(Colours.Role.CHANGED, text);
                case UNREADABLE: return colours.paint(Colours.Role.ERROR, text);
                default: return text;
            }
        }

        private static String ahead(StateComparison.Ahead ahead) {
            switch (ahead) {
                case HERE: return "here ahead";
                case THERE: return "there ahead";
                case EVEN: return "same point";
                default: return "cannot tell which is ahead";
            }
        }
    }

    /** One object per ID as it is compared, every field present (null where it does not apply). */
    private static final class JsonLines extends ComparisonPrinter {
        JsonLines(PrintWriter out) {
            super(out);
        }

        @Override
        public void compared(IdComparison result) {
            clearProgress();
            out.println(PythonJson.write(object(result), PythonJson.Style.COMPACT));
        }

        @Override
        void finish(Comparison.Totals totals) {
            clearProgress();
            out.flush();
        }

        static ObjectNode object(IdComparison result) {
            ObjectNode o = Json.object();
            o.put("id", result.hereId());
            o.put("hereId", result.hereId());
            o.put("thereId", result.thereId());
            o.put("status", result.status().label());
            StateComparison detail = result.detail();
            DiffSummary summary = detail == null ? null : detail.summary();
            o.put("summary", summary == null ? null : detail.sentence());
            putCount(o, "streamsChanged", summary == null ? null : summary.streamsChanged());
            putCount(o, "streamsAdded", summary == null ? null : summary.streamsAdded());
            putCount(o, "streamsRemoved", summary == null ? null : summary.streamsRemoved());
            putCount(o, "otherChanges", summary == null ? null : summary.otherChanges());
            putCount(o, "partitionsDropped", summary == null ? null : summary.partitionsDropped());
            o.put("newestHere", detail == null ? null : detail.newestHere());
            o.put("newestThere", detail == null ? null : detail.newestThere());
            ArrayNode streams = o.putArray("streams");
            if (detail != null) {
                for (Lead lead : detail.leads()) {
                    ObjectNode s = streams.addObject();
                    s.put("stream", lead.stream());
                    s.put("partition", lead.partition().isEmpty() ? null : lead.partition());
                    s.set("here", lead.here());
                    s.set("there", lead.there());
                    s.put("ahead", lead.ahead().name().toLowerCase(Locale.ROOT));
                }
            }
            o.put("unreadable", unreadableSide(result));
            o.put("hereProblem", result.hereProblem());
            o.put("thereProblem", result.thereProblem());
            return o;
        }

        private static void putCount(ObjectNode o, String name, Integer count) {
            if (count == null) {
                o.putNull(name);
            } else {
                o.put(name, count);
            }
        }
    }
}
