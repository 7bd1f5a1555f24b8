package io.corrigo.server.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The address classes the policy refuses, read from literals and from a fake resolver: no test here opens a
 * connection or asks DNS.
 */
class OutboundPolicyTest {

    /**
     * A resolver for literals only (InetAddress parses them without DNS); names resolve as the test says, "" to
     * nothing.
     */
    private static Function<String, InetAddress[]> resolver(Map<String, String> names) {
        return host -> {
            try {
                String literal = names.getOrDefault(host, host);
                return literal.isEmpty() ? new InetAddress[0] : new InetAddress[] {InetAddress.getByName(literal)};
            } catch (UnknownHostException e) {
                return new InetAddress[0];
            }
        };
    }

    private static OutboundPolicy policy(List<String> allow, Map<String, String> names) {
        return new OutboundPolicy(allow, resolver(names));
    }

    @Test
    void should_refuse_loopback_link_local_private_and_reserved_addresses_in_every_spelling() {
        OutboundPolicy policy = policy(List.of(), Map.of());

        assertThat(policy.refusal("127.0.0.1")).contains("a loopback address");
        for (String spelling : List.of("2130706433", "127.1", "0x7f000001", "0177.0.0.1", "017700000001", "0x7f.0.0.1",
                "127.000.0.1")) {
            assertThat(policy.refusal(spelling)).as(spelling + ": not four decimal numbers, whatever it would reach")
                    .contains("an IP address not written as four decimal numbers");
        }
        assertThat(policy.refusal("1e100.net")).as("a name with digits").isEmpty();
        assertThat(policy.refusal("[::1]")).contains("a loopback address");
        assertThat(policy.refusal("[::ffff:127.0.0.1]")).as("IPv4-mapped").contains("a loopback address");
        assertThat(policy.refusal("169.254.169.254")).as("cloud metadata").contains("a link-local address");
        assertThat(policy.refusal("[fe80::1]")).contains("a link-local address");
        assertThat(policy.refusal("10.1.2.3")).contains("a private address");
        assertThat(policy.refusal("172.16.0.9")).contains("a private address");
        assertThat(policy.refusal("192.168.1.1")).contains("a private address");
        assertThat(policy.refusal("[fd12::1]")).contains("a private address");
        assertThat(policy.refusal("100.64.0.1")).as("carrier-grade NAT").contains("a reserved or shared address");
        assertThat(policy.refusal("0.0.0.0")).isPresent();
        assertThat(policy.refusal("224.0.0.1")).contains("a multicast address");
        assertThat(policy.refusal("93.184.215.14")).as("a public address").isEmpty();
    }

    @Test
    void should_refuse_a_name_by_what_it_resolves_to__and_let_a_name_that_does_not_resolve_pass() {
        OutboundPolicy policy = policy(List.of(), Map.of("search.internal", "10.0.0.7", "nowhere.test", ""));

        assertThat(policy.refusal("search.internal")).contains("a private address");
        assertThat(policy.refusal("nowhere.test")).isEmpty();
    }

    @Test
    void should_allow_what_a_platform_admin_listed__by_name_address_or_range() {
        OutboundPolicy policy = policy(List.of("searxng.internal", "127.0.0.1", "10.20.0.0/16"),
                Map.of("searxng.internal", "10.0.0.5", "other.internal", "10.0.0.5"));

        assertThat(policy.refusal("searxng.internal")).isEmpty();
        assertThat(policy.refusal("other.internal")).as("the same address under a name not listed").isPresent();
        assertThat(policy.refusal("127.0.0.1")).isEmpty();
        assertThat(policy.refusal("127.0.0.2")).isPresent();
        assertThat(policy.refusal("10.20.99.1")).isEmpty();
        assertThat(policy.refusal("10.21.0.1")).isPresent();
    }

    @Test
    void should_read_host_and_port_as_the_configuration_docs_write_them__and_ignore_a_wrong_entry_without_failing() {
        // given: the documented host:port form, a bracketed IPv6 address with a port, a name with a port, and two
        // entries that are nothing
        OutboundPolicy policy = policy(List.of("10.0.0.7:11434", "[fd00::7]:9200", "ollama.internal:11434",
                "10.0.0.0/40", "not an address!"), Map.of("ollama.internal", "10.0.0.9"));

        // then: the hosts are allowed; the wrong entries allow nothing and stop nothing
        assertThat(policy.refusal("10.0.0.7")).isEmpty();
        assertThat(policy.refusal("[fd00::7]")).isEmpty();
        assertThat(policy.refusal("ollama.internal")).isEmpty();
        assertThat(policy.refusal("10.0.0.8")).contains("a private address");
        assertThat(OutboundPolicy.withoutPort("fd00::7")).as("an IPv6 address without brackets has no port").isEqualTo("fd00::7");
        assertThat(OutboundPolicy.withoutPort("10.20.0.0/16")).isEqualTo("10.20.0.0/16");
    }

    @Test
    void should_find_the_hosts_in_urls_jdbc_urls_with_several_hosts_and_settings_named_like_addresses() {
        assertThat(OutboundPolicy.hosts("baseUrl", "https://user:pw@api.example.com:8443/v1?q=1")).containsExactly("api.example.com");
        assertThat(OutboundPolicy.hosts("url", "jdbc:postgresql://db1:5432,10.0.0.2:5433/kb")).containsExactly("db1", "10.0.0.2");
        assertThat(OutboundPolicy.hosts("endpoint", "http://[::1]:9200")).containsExactly("[::1]");
        assertThat(OutboundPolicy.hosts("host", "169.254.169.254:80")).containsExactly("169.254.169.254");
        assertThat(OutboundPolicy.hosts("language", "english")).isEmpty();
        assertThat(OutboundPolicy.hosts("note", "see http://10.0.0.1 for details")).as("a URL not at the start").isEmpty();
    }

    @Test
    void should_read_a_jdbc_url_as_its_driver_does__an_empty_host_is_localhost_and_host_parameters_count() {
        OutboundPolicy policy = policy(List.of(), Map.of("localhost", "127.0.0.1", "db.example.com", "93.184.215.14"));

        assertThat(OutboundPolicy.hosts("url", "jdbc:postgresql://:9887/x")).containsExactly("localhost");
        assertThat(OutboundPolicy.hosts("url", "jdbc:postgresql:///x?PGPORT=9887")).containsExactly("localhost");
        assertThat(OutboundPolicy.hosts("url", "jdbc:postgresql://db.example.com/x?PGHOST=127.0.0.1"))
                .containsExactly("127.0.0.1");
        assertThat(OutboundPolicy.hosts("url", "jdbc:mysql://db.example.com/x?host=10.0.0.1")).contains("10.0.0.1");
        assertThat(OutboundPolicy.hosts("url", "jdbc:mysql:///x")).containsExactly("localhost");
        for (String url : List.of("jdbc:postgresql://:9887/x", "jdbc:postgresql:///x?PGPORT=9887",
                "jdbc:postgresql://db.example.com/x?PGHOST=127.0.0.1")) {
            assertThat(policy.refusals(Map.of("jdbcUrl", url))).as(url).hasSize(1);
        }
        assertThat(policy.refusals(Map.of("jdbcUrl", "jdbc:postgresql://db.example.com:5432/kb"))).isEmpty();
    }

    @Test
    void should_judge_a_connection_by_the_one_address_it_uses__a_listed_name_anywhere() throws Exception {
        OutboundPolicy policy = policy(List.of("searxng.internal"), Map.of());

        assertThat(policy.refusal("searxng.internal", InetAddress.getByName("10.0.0.5"))).isEmpty();
        assertThat(policy.refusal("search.example.com", InetAddress.getByName("10.0.0.5"))).contains("a private address");
        assertThat(policy.refusal("search.example.com", InetAddress.getByName("93.184.215.14"))).isEmpty();
        assertThat(policy.refusal("0x7f000001", InetAddress.getByName("127.0.0.1"))).isPresent();
    }

    @Test
    void should_not_tell_what_kind_of_address_a_refused_name_resolves_to() {
        OutboundPolicy policy = policy(List.of(), Map.of("metadata.internal", "169.254.169.254", "db.internal", "10.0.0.7"));

        List<String> metadata = policy.refusals(Map.of("baseUrl", "http://metadata.internal/latest"));
        List<String> database = policy.refusals(Map.of("baseUrl", "http://db.internal:5432"));

        assertThat(metadata).singleElement().asString()
                .startsWith("baseUrl: a name that resolves to an address the policy refuses");
        assertThat(database).isEqualTo(metadata).as("a link-local and a private target read alike");
    }

    @Test
    void should_name_each_refused_setting_without_naming_its_address() {
        OutboundPolicy policy = policy(List.of(), Map.of());

        List<String> refused = policy.refusals(Map.of("baseUrl", "http://2130706433:8080/search", "language", "en",
                "url", "https://93.184.215.14"));

        assertThat(refused).hasSize(1);
        assertThat(refused.get(0)).startsWith("baseUrl: an IP address not written as four decimal numbers")
                .contains("corrigo.outbound.allow")
                .doesNotContain("2130706433").doesNotContain("8080");
    }
}
