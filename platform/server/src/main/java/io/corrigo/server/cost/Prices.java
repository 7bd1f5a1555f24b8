package io.corrigo.server.cost;

import io.corrigo.api.TokenUsage;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The host's price table: per model, the price of a million prompt (input) and completion (output) tokens, in the
 * currency the operator accounts in, e.g. {@code corrigo.costs.prices.gpt-4o-mini=0.15,0.60}; {@code *} prices any
 * model not listed. A model without a price costs 0 (its tokens are still counted).
 *
 * @param prices model → "input per 1M, output per 1M"
 */
@ConfigurationProperties("corrigo.costs")
public record Prices(Map<String, String> prices) {

    public Prices {
        Map<String, String> normal = new HashMap<>();
        if (prices != null) {
            prices.forEach((model, price) -> normal.put(model.toLowerCase(Locale.ROOT), price));
        }
        prices = Map.copyOf(normal);
        prices.forEach((model, price) -> parse(model, price));
    }

    /**
     * What a typical answer of {@code model} costs (4,000 prompt and 500 completion tokens): the estimate a budget
     * holds for an answer until the tenant has model answers of its own to average.
     */
    public double typicalAnswer(String model) {
        return cost(model, new TokenUsage(4000, 500));
    }

    /** What {@code usage} of {@code model} costs; 0 without a price or usage. */
    public double cost(String model, TokenUsage usage) {
        if (usage == null) {
            return 0;
        }
        String price = model == null ? null : prices.get(model.toLowerCase(Locale.ROOT));
        if (price == null) {
            price = prices.get("*");
        }
        if (price == null) {
            return 0;
        }
        double[] perMillion = parse(model, price);
        return usage.inputTokens() * perMillion[0] / 1_000_000 + usage.outputTokens() * perMillion[1] / 1_000_000;
    }

    private static double[] parse(String model, String price) {
        String[] parts = price.split(",");
        try {
            if (parts.length != 2) {
                throw new NumberFormatException("two numbers expected");
            }
            double in = Double.parseDouble(parts[0].strip());
            double out = Double.parseDouble(parts[1].strip());
            if (in < 0 || out < 0) {
                throw new NumberFormatException("negative");
            }
            return new double[] {in, out};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("corrigo.costs.prices." + model + " must be 'input,output' prices per "
                    + "million tokens, e.g. 0.15,0.60; it is '" + price + "'");
        }
    }
}
