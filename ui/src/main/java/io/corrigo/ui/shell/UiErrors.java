package io.corrigo.ui.shell;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.server.ErrorEvent;
import com.vaadin.flow.server.ServiceInitEvent;
import com.vaadin.flow.server.VaadinServiceInitListener;
import org.springframework.stereotype.Component;

/**
 * The admin UI's one error handler: an exception that escapes a click, an upload or a poll shows as a toast saying
 * why ({@link Toasts#describe}: a service's refusal with its details, never a stack trace), where Vaadin's default
 * would log it and show nothing. Actions that want to react to a refusal still catch it themselves.
 */
@Component
class UiErrors implements VaadinServiceInitListener {

    @Override
    public void serviceInit(ServiceInitEvent event) {
        event.getSource().addSessionInitListener(init -> init.getSession().setErrorHandler(UiErrors::show));
    }

    private static void show(ErrorEvent event) {
        Throwable error = event.getThrowable();
        while (error.getCause() != null && error.getClass().getName().startsWith("com.vaadin")) {
            error = error.getCause(); // Vaadin wraps a listener's exception; show the listener's own
        }
        String message = Toasts.describe(error instanceof Exception e ? e : new RuntimeException(error));
        if (UI.getCurrent() != null) {
            Toasts.error(message);
        }
    }
}
