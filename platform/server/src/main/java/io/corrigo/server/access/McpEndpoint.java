package io.corrigo.server.access;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.gateway.QuestionGateway;
import io.corrigo.server.knowledge.DocumentTexts;
import io.corrigo.server.run.QueryService;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Corrigo as an MCP server (Model Context Protocol, Streamable HTTP) at {@code /v1/mcp}, for desktop assistants and
 * IDEs: one endpoint for every tenant, each request authenticated by a tenant's secret key as
 * {@code Authorization: Bearer sk_…} ({@link KeyAccessFilter}, which also counts it against the key's rate limits),
 * whose tenant, groups and collections every tool call answers for ({@link McpTools}).
 *
 * <p>Stateless: no MCP session lives in a host, so any host behind a load balancer answers any request (a
 * conversation lives in the database, its id in the {@code ask} tool's result).
 */
@Configuration(proxyBeanMethods = false)
class McpEndpoint {

    static final String PATH = "/v1/mcp";

    @Bean
    JacksonMcpJsonMapper mcpJson(ObjectMapper json) {
        return new JacksonMcpJsonMapper(json);
    }

    @Bean
    HttpServletStatelessServerTransport mcpTransport(JacksonMcpJsonMapper json) {
        return HttpServletStatelessServerTransport.builder()
                .jsonMapper(json)
                .messageEndpoint(PATH)
                .contextExtractor(request -> McpTransportContext.create(
                        request.getAttribute(KeyAccessFilter.KEY) == null ? Map.of()
                                : Map.of(McpTools.KEY, request.getAttribute(KeyAccessFilter.KEY))))
                .build();
    }

    @Bean(destroyMethod = "close")
    McpStatelessSyncServer mcpServer(HttpServletStatelessServerTransport transport, JacksonMcpJsonMapper json,
                                     QuestionGateway gateway, QueryService queries, DocumentTexts texts) {
        McpTools tools = new McpTools(gateway, queries, texts);
        return McpServer.sync(transport)
                .jsonMapper(json)
                .serverInfo("corrigo", McpEndpoint.class.getPackage().getImplementationVersion() == null ? "dev"
                        : McpEndpoint.class.getPackage().getImplementationVersion())
                .instructions("Corrigo answers from an organisation's own knowledge base and says when it does not "
                        + "know. Use ask for an answer with citations; use search_knowledge for the passages themselves.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build())
                .requestTimeout(Duration.ofMinutes(2))
                .tools(tools.tools())
                .resourceTemplates(tools.resources())
                .build();
    }

    /** Malformed requests answered before the SDK sees them, and its error replies without stack traces. */
    @Bean
    org.springframework.boot.web.servlet.FilterRegistrationBean<McpRequestGuard> mcpRequestGuard(ObjectMapper json) {
        org.springframework.boot.web.servlet.FilterRegistrationBean<McpRequestGuard> registration =
                new org.springframework.boot.web.servlet.FilterRegistrationBean<>(new McpRequestGuard(json));
        registration.addUrlPatterns(PATH);
        // after every filter that authenticates and counts the request
        registration.setOrder(org.springframework.core.Ordered.LOWEST_PRECEDENCE - 10);
        return registration;
    }

    @Bean
    ServletRegistrationBean<HttpServletStatelessServerTransport> mcpServlet(HttpServletStatelessServerTransport transport) {
        ServletRegistrationBean<HttpServletStatelessServerTransport> registration =
                new ServletRegistrationBean<>(transport, PATH);
        registration.setName("mcp");
        registration.setAsyncSupported(true);
        return registration;
    }
}
