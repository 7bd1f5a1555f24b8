package io.corrigo.server.web;

import com.fasterxml.jackson.databind.DeserializationFeature;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Request bodies are read strictly: a field the endpoint does not know is a 400 naming it (a typo such as
 * {@code "uperThreshold"} would otherwise be dropped and the default saved without a word), and a number where a yes
 * or no belongs is a 400 too. Only at the HTTP edge:
 * what the host stored itself (pipeline versions written by an older version) is still read leniently.
 */
@Configuration
class StrictRequestBodies implements WebMvcConfigurer {

    @Override
    public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
        for (HttpMessageConverter<?> converter : converters) {
            if (converter instanceof MappingJackson2HttpMessageConverter jackson) {
                com.fasterxml.jackson.databind.ObjectMapper strict = jackson.getObjectMapper().copy()
                        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
                // a number is not a yes or no ("parallelSearch": 2147483648 was saved as true)
                strict.coercionConfigFor(com.fasterxml.jackson.databind.type.LogicalType.Boolean)
                        .setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.Integer,
                                com.fasterxml.jackson.databind.cfg.CoercionAction.Fail);
                jackson.setObjectMapper(strict);
            }
        }
    }
}
