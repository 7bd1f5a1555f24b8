package io.corrigo.server.web;

import com.fasterxml.jackson.databind.DeserializationFeature;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Request bodies are read strictly: a field the endpoint does not know is a 400 naming it (a typo such as
 * {@code "uperThreshold"} would otherwise be dropped and the default saved without a word). Only at the HTTP edge:
 * what the host stored itself (pipeline versions written by an older version) is still read leniently.
 */
@Configuration
class StrictRequestBodies implements WebMvcConfigurer {

    @Override
    public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
        for (HttpMessageConverter<?> converter : converters) {
            if (converter instanceof MappingJackson2HttpMessageConverter jackson) {
                jackson.setObjectMapper(jackson.getObjectMapper().copy()
                        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
            }
        }
    }
}
