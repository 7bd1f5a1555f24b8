package io.corrigo.server;

import java.io.IOException;
import java.net.InetAddress;

/** This host's name among several sharing one database: {@code corrigo.host-id}, by default the machine's host name. */
public final class HostId {

    private HostId() {
    }

    /** {@code configured} when set, otherwise the machine's host name (or {@code host-<pid>} when it has none). */
    public static String resolve(String configured) {
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "host-" + ProcessHandle.current().pid();
        }
    }
}
