package io.corrigo.ui.shell;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.shared.Registration;
import java.util.Optional;

/**
 * Server polling for a view that shows background work (ingestion jobs, evaluations): on while something runs, off
 * as soon as nothing does, and off when the view is left.
 */
public final class Polling {

    private final int millis;
    private Registration registration;

    public Polling(int millis) {
        this.millis = millis;
    }

    /** Polls the current UI, calling {@code refresh} each time, while {@code running}; stops otherwise. */
    public void keep(boolean running, Runnable refresh) {
        Optional.ofNullable(UI.getCurrent()).ifPresent(ui -> {
            if (running && registration == null) {
                ui.setPollInterval(millis);
                registration = ui.addPollListener(e -> refresh.run());
            } else if (!running) {
                stop(ui);
            }
        });
    }

    /** Stops polling {@code ui}. */
    public void stop(UI ui) {
        if (registration != null) {
            registration.remove();
            registration = null;
            ui.setPollInterval(-1);
        }
    }
}
