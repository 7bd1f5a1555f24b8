package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.component.notification.NotificationVariant;
import io.corrigo.server.problem.ServiceException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Notifications: errors with their reason (never a stack trace), successes briefly. */
public final class Toasts {

    private static final Logger log = LoggerFactory.getLogger(Toasts.class);

    private Toasts() {
    }

    /**
     * A success, briefly. It closes the errors still open on the screen: the action they were about has now worked
     * (an error toast beside a success toast reads as if both were true).
     */
    public static void success(String message) {
        closeErrors();
        Notification n = Notification.show(message, 3500, Notification.Position.BOTTOM_START);
        n.addThemeVariants(NotificationVariant.LUMO_SUCCESS);
    }

    /** The error toasts open in this UI, each with the request that raised it. */
    private static final class OpenErrors extends java.util.IdentityHashMap<Notification, Object> {
    }

    /** Closes the errors of earlier requests; one this same action raised (a file of several refused) stays. */
    private static void closeErrors() {
        com.vaadin.flow.component.UI ui = com.vaadin.flow.component.UI.getCurrent();
        OpenErrors open = ui == null ? null : com.vaadin.flow.component.ComponentUtil.getData(ui, OpenErrors.class);
        if (open != null) {
            Object now = com.vaadin.flow.server.VaadinRequest.getCurrent();
            List.copyOf(open.entrySet()).stream().filter(e -> e.getValue() != now).map(java.util.Map.Entry::getKey)
                    .forEach(Notification::close);
        }
    }

    private static void track(Notification n) {
        com.vaadin.flow.component.UI ui = com.vaadin.flow.component.UI.getCurrent();
        if (ui == null) {
            return;
        }
        OpenErrors open = com.vaadin.flow.component.ComponentUtil.getData(ui, OpenErrors.class);
        if (open == null) {
            open = new OpenErrors();
            com.vaadin.flow.component.ComponentUtil.setData(ui, OpenErrors.class, open);
        }
        OpenErrors list = open;
        list.put(n, com.vaadin.flow.server.VaadinRequest.getCurrent());
        n.addOpenedChangeListener(e -> {
            if (!e.isOpened()) {
                list.remove(n);
            }
        });
    }

    /** An error stays until the admin closes it: they may need the time to read it, or to copy it. */
    public static void error(String message) {
        Notification n = new Notification();
        n.setPosition(Notification.Position.TOP_CENTER);
        n.setDuration(0);
        n.addThemeVariants(NotificationVariant.LUMO_ERROR);
        com.vaadin.flow.component.html.Span text = new com.vaadin.flow.component.html.Span(message);
        text.addClassName("toast-error-text");
        com.vaadin.flow.component.button.Button close = new com.vaadin.flow.component.button.Button(t("Close"), e -> n.close());
        close.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_TERTIARY_INLINE,
                com.vaadin.flow.component.button.ButtonVariant.LUMO_CONTRAST);
        close.addClassName("toast-close");
        close.getElement().setAttribute("aria-label", t("Close this message"));
        com.vaadin.flow.component.orderedlayout.HorizontalLayout row =
                new com.vaadin.flow.component.orderedlayout.HorizontalLayout(text, close);
        row.setAlignItems(com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment.CENTER);
        n.add(row);
        n.open();
        track(n);
        closeOnNavigation(n);
    }

    /**
     * An error belongs to the view it happened in: it closes when the admin moves to another view (registered after
     * the current round trip, so an error raised while a view is being entered stays on that view).
     */
    private static void closeOnNavigation(Notification n) {
        com.vaadin.flow.component.UI ui = com.vaadin.flow.component.UI.getCurrent();
        if (ui == null) {
            return;
        }
        ui.beforeClientResponse(ui, context -> {
            com.vaadin.flow.shared.Registration[] registration = new com.vaadin.flow.shared.Registration[1];
            registration[0] = ui.addAfterNavigationListener(event -> {
                n.close();
                registration[0].remove();
            });
            n.addOpenedChangeListener(event -> {
                if (!event.isOpened()) {
                    registration[0].remove();
                }
            });
        });
    }

    /** Shows why {@code e} happened: an {@link ServiceException}'s message and details, else its message. */
    public static void error(Exception e) {
        error(describe(e));
    }

    /**
     * Runs an admin's action and, when it fails, shows why instead of letting the error reach Vaadin's default
     * handler: the catch-and-toast every button and upload of the admin UI needs.
     */
    public static void attempt(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            error(e);
        }
    }

    /** The text shown for {@code e}. */
    public static String describe(Exception e) {
        if (e instanceof ServiceException refused) {
            return refused.describe();
        }
        if (e instanceof IllegalArgumentException) {
            return e.getMessage();
        }
        log.warn("Admin UI action failed", e);
        return t("That did not work: {0}", (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
    }
}
