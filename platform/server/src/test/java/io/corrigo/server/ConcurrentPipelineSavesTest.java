package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Saves of one tenant's pipeline at the same moment: none fails with a 500, and every saved one gets its own version. */
class ConcurrentPipelineSavesTest extends HostTestBase {

    @Test
    void should_answer_only_200_or_409__to_eight_saves_at_once__with_distinct_versions() throws Exception {
        // given
        postJson("/api/v1/tenants", Map.of("id", "races", "name", "Races"));
        JsonNode definition = get("/api/v1/tenants/races/pipeline").body().get("definition");
        int before = get("/api/v1/tenants/races/pipeline").body().get("version").asInt();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);

        // when: eight clients save at the same moment, each with its own topK
        List<Future<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ObjectNode changed = definition.deepCopy();
            ((ObjectNode) changed.get("settings")).put("topK", 10 + i);
            replies.add(pool.submit(() -> {
                start.await();
                return putJson("/api/v1/tenants/races/pipeline", changed);
            }));
        }
        start.countDown();
        List<Reply> done = new ArrayList<>();
        for (Future<Reply> reply : replies) {
            done.add(reply.get(60, TimeUnit.SECONDS));
        }
        pool.shutdown();

        // then
        assertThat(done).extracting(Reply::status).allSatisfy(status -> assertThat(status).isIn(200, 409));
        List<Integer> versions = done.stream().filter(r -> r.status() == 200).map(r -> r.body().get("version").asInt()).toList();
        assertThat(versions).doesNotHaveDuplicates().isNotEmpty();
        assertThat(get("/api/v1/tenants/races/pipeline").body().get("version").asInt()).isEqualTo(before + versions.size());
    }
}
