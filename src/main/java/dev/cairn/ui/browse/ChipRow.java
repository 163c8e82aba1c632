package dev.cairn.ui.browse;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Region;

/**
 * The badge chips in one row, whatever the width: the chips that do not fit fold into a "+3" menu
 * at the row's end (choosing one there works as clicking it), so a narrow list is never pushed down
 * by a second or third row of chips. The ID list's badges and Compare backends…' statuses use it.
 */
public final class ChipRow extends Region {

    private static final double GAP = 4;

    private final ObservableList<ToggleButton> chips = FXCollections.observableArrayList();
    private final MenuButton more = new MenuButton();
    private List<ToggleButton> folded = List.of();

    public ChipRow() {
        more.setMnemonicParsing(false);
        more.setMinWidth(Region.USE_PREF_SIZE);
        chips.addListener((ListChangeListener<ToggleButton>) c -> {
            getChildren().setAll(chips);
            getChildren().add(more);
            requestLayout();
        });
        getChildren().add(more);
    }

    /** The chips, in order; set them here, not through the children. */
    public ObservableList<ToggleButton> chips() {
        return chips;
    }

    @Override
    protected double computePrefWidth(double height) {
        double w = 0;
        for (ToggleButton chip : chips) {
            w += (w == 0 ? 0 : GAP) + chip.prefWidth(-1);
        }
        return w + snappedLeftInset() + snappedRightInset();
    }

    @Override
    protected double computeMinWidth(double height) {
        return more.prefWidth(-1) + snappedLeftInset() + snappedRightInset();
    }

    @Override
    protected double computePrefHeight(double width) {
        double h = more.prefHeight(-1);
        for (ToggleButton chip : chips) {
            h = Math.max(h, chip.prefHeight(-1));
        }
        return h + snappedTopInset() + snappedBottomInset();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected double computeMaxHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected void layoutChildren() {
        double left = snappedLeftInset();
        double room = getWidth() - left - snappedRightInset();
        double top = snappedTopInset();
        double height = getHeight() - top - snappedBottomInset();
        boolean allFit = computePrefWidth(-1) - left - snappedRightInset() <= room;
        // room kept for the "+n" menu after the chips shown, unless every chip fits
        double end = left + room - (allFit ? 0 : GAP + moreWidth(chips.size()));
        List<ToggleButton> hidden = new ArrayList<>();
        double x = left;
        for (ToggleButton chip : chips) {
            double w = chip.prefWidth(-1);
            boolean fits = hidden.isEmpty() && x + w <= end;
            chip.setVisible(fits);
            if (fits) {
                chip.resizeRelocate(x, top, w, height);
                x += w + GAP;
            } else {
                hidden.add(chip);
            }
        }
        if (!hidden.equals(folded)) {
            folded = hidden;
            more.setText("+" + hidden.size());
            more.getItems().setAll(hidden.stream().map(ChipRow::item).toList());
        }
        more.setVisible(!hidden.isEmpty());
        more.resizeRelocate(x, top, more.prefWidth(-1), height);
    }

    /** The widest the "+n" menu gets with n chips folded. */
    private double moreWidth(int n) {
        String shown = more.getText();
        more.setText("+" + n);
        double w = more.prefWidth(-1);
        more.setText(shown);
        return w;
    }

    private static MenuItem item(ToggleButton chip) {
        MenuItem item = new MenuItem((chip.isSelected() ? "✓ " : "") + chip.getText());
        item.setOnAction(e -> chip.fire());
        return item;
    }
}
