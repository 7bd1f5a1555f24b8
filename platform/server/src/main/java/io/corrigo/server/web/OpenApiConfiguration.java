package io.corrigo.server.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI description served at {@code /v3/api-docs} (Swagger UI at {@code /swagger-ui.html}). */
@Configuration
class OpenApiConfiguration {

    @Bean
    OpenAPI corrigoOpenApi() {
        return new OpenAPI()
                .info(new Info().title("Corrigo API").version("v1").license(new License().name("see the repository"))
                        .description("""
                                Trustworthy retrieval-augmented answers. `/api/v1/**` is the admin API (HTTP Basic with an \
                                admin user; a tenant admin reaches only their tenants). `/public/v1/**` is the chat \
                                widget's (a publishable key in `?key=` from an allowed origin). `/v1/chat/completions` is \
                                OpenAI-compatible (a tenant's secret key as Bearer token; `model` = the tenant id). Every \
                                4xx of the admin and public APIs is `{code, message, details}`; the OpenAI-compatible \
                                endpoint answers errors in OpenAI's shape."""))
                .components(new Components()
                        .addSecuritySchemes("admin", new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("basic"))
                        .addSecuritySchemes("secretKey", new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer"))
                        .addSecuritySchemes("publishableKey", new SecurityScheme().type(SecurityScheme.Type.APIKEY)
                                .in(SecurityScheme.In.QUERY).name("key")))
                .addSecurityItem(new SecurityRequirement().addList("admin"));
    }
}
