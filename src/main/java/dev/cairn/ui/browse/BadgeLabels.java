package dev.cairn.ui.browse;

import dev.cairn.ui.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/** Badges as the window paints them, the same in the ID list and in the inspector's header. */
public final class BadgeLabels {

    private BadgeLabels() {
    }

    public static List<Label> of(Iterable<Badge> badges) {
        return of(badges, false);
    }

    /** Compact badges show their short label, the full one on hover. */
    public static List<Label> of(Iterable<Badge> badges, boolean compact) {
        List<Label> labels = new ArrayList<>();
        for (Badge badge : badges) {
            Label label = new Label(compact ? badge.shortLabel() : badge.label());
            label.getStyleClass().addAll(Styles.BADGE, badge.styleClass());
            label.setTooltip(new Tooltip(compact ? badge.label() + ": " + badge.help() : badge.help()));
            label.setMinWidth(Region.USE_PREF_SIZE);
            labels.add(label);
        }
        return labels;
    }
}
