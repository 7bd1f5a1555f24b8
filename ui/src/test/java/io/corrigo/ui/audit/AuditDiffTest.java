package io.corrigo.ui.audit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AuditDiffTest {

    @Test
    void should_list_changed_added_and_removed_fields_by_path() {
        String before = "{\"settings\":{\"topK\":8,\"mode\":\"CORRECTIVE\"},\"origins\":[\"https://a.example\"],\"note\":\"x\"}";
        String after = "{\"settings\":{\"topK\":5,\"mode\":\"CORRECTIVE\"},\"origins\":[\"https://a.example\",\"https://b.example\"]}";

        assertThat(AuditDiff.between(before, after)).containsExactly(
                new AuditDiff.Change("settings.topK", "8", "5"),
                new AuditDiff.Change("note", "x", null),
                new AuditDiff.Change("origins[1]", null, "https://b.example"));
    }

    @Test
    void should_compare_a_state_that_is_not_json_as_one_value__and_find_nothing_between_equal_states() {
        assertThat(AuditDiff.between("enabled", "disabled")).containsExactly(new AuditDiff.Change("(value)", "enabled", "disabled"));
        assertThat(AuditDiff.between("{\"a\":1}", "{\"a\":1}")).isEmpty();
        assertThat(AuditDiff.between(null, "{\"a\":1}")).containsExactly(new AuditDiff.Change("a", null, "1"));
    }
}
