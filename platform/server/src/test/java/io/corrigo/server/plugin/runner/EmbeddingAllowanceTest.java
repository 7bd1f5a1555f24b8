package io.corrigo.server.plugin.runner;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The host's embedding model time is allowed per tenant, all its runners together, not per runner or per text. */
class EmbeddingAllowanceTest {

    @Test
    void should_refuse_a_tenant_that_used_its_minute__from_any_of_its_runners__and_not_another_tenant() throws Exception {
        long inMinute = System.currentTimeMillis() % 60_000;
        if (inMinute > 58_000) {
            Thread.sleep(60_050 - inMinute); // all of it within one minute
        }
        String spender = "spender-" + UUID.randomUUID();
        String other = "other-" + UUID.randomUUID();
        long second = 1_000_000_000L;
        // two runners of the spender (two plugins) book half a minute's allowance each, short of it
        EmbeddingAllowance.charge(spender, (EmbeddingAllowance.MILLIS_PER_MINUTE / 2) * 1_000_000 - second);
        EmbeddingAllowance.charge(spender, (EmbeddingAllowance.MILLIS_PER_MINUTE / 2) * 1_000_000);
        assertThatCode(() -> EmbeddingAllowance.check(spender)).doesNotThrowAnyException();

        EmbeddingAllowance.charge(spender, 2 * second);

        assertThatThrownBy(() -> EmbeddingAllowance.check(spender)).hasMessageContaining("tenant " + spender)
                .hasMessageContaining("15 s this minute");
        assertThatCode(() -> EmbeddingAllowance.check(other)).doesNotThrowAnyException();
        EmbeddingAllowance.forget(spender);
        assertThatCode(() -> EmbeddingAllowance.check(spender)).doesNotThrowAnyException();
    }
}
