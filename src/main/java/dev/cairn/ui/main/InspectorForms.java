package dev.cairn.ui.main;

import dev.cairn.ui.write.WriteFlowViewModel;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;

/**
 * The forms laid over the inspector (merge, rewind, park, copy, break lock, open plan): one shown at
 * a time. A form opening closes the others and the write sheet; the write sheet opening closes them.
 */
final class InspectorForms {

    private record Form(ReadOnlyBooleanProperty showing, Runnable close) { }

    private final List<Form> forms = new ArrayList<>();
    private final WriteFlowViewModel flow;

    InspectorForms(WriteFlowViewModel flow) {
        this.flow = flow;
        flow.stageProperty().addListener((o, was, now) -> {
            if (was == WriteFlowViewModel.Stage.CLOSED) {
                closeAll();
            }
        });
    }

    /** A form, shown while {@code showing}, closed by {@code close}. */
    void add(ReadOnlyBooleanProperty showing, Runnable close) {
        Form form = new Form(showing, close);
        forms.add(form);
        showing.addListener((o, was, now) -> {
            if (now) {
                flow.close();
                forms.stream().filter(other -> other != form).forEach(other -> other.close().run());
            }
        });
    }

    /** Closes every form, before another view (a comparison, a check-up) takes the inspector's place. */
    void closeAll() {
        forms.forEach(form -> form.close().run());
    }
}
