package io.corrigo.server.plugin.runner;

import io.corrigo.server.outbound.OutboundPolicy;
import java.util.Optional;

/**
 * The runner's security manager: the {@link RunnerPolicy} decides, and every connection is also held to the host's
 * outbound-address policy at the moment it is made. A declared host name that resolves to a loopback, private or
 * link-local address (DNS rebinding) is refused unless the platform admin allowed that address
 * ({@code corrigo.outbound.allow}). The runner itself connects nowhere (it talks to the host over a Unix-domain
 * socket, which is not checked here), so every checked connection is the plugin's. In a confined runner
 * ({@code outbound} is {@code null}) the host's forwarder holds connections to the policy instead.
 */
final class RunnerSecurityManager extends SecurityManager {

    private final OutboundPolicy outbound;

    RunnerSecurityManager(OutboundPolicy outbound) {
        this.outbound = outbound;
    }

    @Override
    public void checkConnect(String host, int port) {
        super.checkConnect(host, port);
        held(host, port);
    }

    @Override
    public void checkConnect(String host, int port, Object context) {
        super.checkConnect(host, port, context);
        held(host, port);
    }

    private void held(String host, int port) {
        if (port < 0 || outbound == null) {
            return; // a name look-up; the address it gives is checked when connected to
        }
        Optional<String> refusal = outbound.refusal(host);
        if (refusal.isPresent()) {
            throw new SecurityException("connecting to " + host + ":" + port + " is refused by the host's outbound policy ("
                    + refusal.get() + ")");
        }
    }
}
