package io.corrigo.server.cost;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.web.QueryParameters;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tenants/{t}/usage} and {@code …/budget}: tokens and cost per day, the month's spend, the budget. */
@RestController
class CostController {

    private final Budgets budgets;

    CostController(Budgets budgets) {
        this.budgets = budgets;
    }

    /** Usage per day and per key (default: the last 30 days) and the month's spend against the budget. */
    record UsageView(List<Budgets.DailyUsage> days, List<Budgets.KeyUsage> keys, Budgets.Spend month) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/usage")
    UsageView usage(@PathVariable String tenant, @RequestParam(required = false) String from,
                    @RequestParam(required = false) String to) {
        return new UsageView(budgets.usage(tenant, QueryParameters.instant("from", from), QueryParameters.instant("to", to)),
                budgets.usageByKey(tenant, QueryParameters.instant("from", from), QueryParameters.instant("to", to)), budgets.spend(tenant));
    }

    /**
     * A budget to set.
     *
     * @param monthlyLimit per calendar month, in the price table's currency
     * @param warnShare    warn past this share (default 0.8)
     * @param policy       WARN, DEGRADE or REFUSE once spent (default WARN)
     */
    record BudgetRequest(Double monthlyLimit, Double warnShare, Budgets.Policy policy) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/budget")
    ResponseEntity<Budgets.Budget> budget(@PathVariable String tenant) {
        return budgets.budget(tenant).map(ResponseEntity::ok).orElseThrow(() ->
                ServiceException.notFound(ErrorCode.BUDGET_NOT_FOUND, "Tenant '" + tenant + "' has no budget."));
    }

    @PutMapping("/api/v1/tenants/{tenant}/budget")
    Budgets.Budget save(@PathVariable String tenant, @RequestBody BudgetRequest request) {
        if (request.monthlyLimit() == null) {
            throw ServiceException.invalid(ErrorCode.INVALID_BUDGET, "monthlyLimit is required.");
        }
        return budgets.save(tenant, request.monthlyLimit(), request.warnShare() == null ? 0.8 : request.warnShare(),
                request.policy() == null ? Budgets.Policy.WARN : request.policy());
    }

    @DeleteMapping("/api/v1/tenants/{tenant}/budget")
    ResponseEntity<Void> delete(@PathVariable String tenant) {
        budgets.delete(tenant);
        return ResponseEntity.noContent().build();
    }

}
