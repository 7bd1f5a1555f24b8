package io.corrigo.server.audit;

/**
 * The client address of the request this thread serves (REST call or admin UI request), set by
 * {@link ClientAddressFilter} so that an audit entry made deep inside a service can say where the change came from.
 */
public final class ClientAddress {

    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private ClientAddress() {
    }

    /** The address, or null outside a request (the host's own work). */
    public static String current() {
        return CURRENT.get();
    }

    static void set(String address) {
        if (address == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(address);
        }
    }
}
