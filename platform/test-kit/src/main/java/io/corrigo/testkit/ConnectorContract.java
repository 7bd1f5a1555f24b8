package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Connector;
import io.corrigo.api.SourceContent;
import io.corrigo.api.SourceItem;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link Connector}: it lists every item once with a stable id, a file name and a version; each item
 * can be fetched; listed again with nothing changed, every item keeps its version (so the host fetches nothing); after
 * one item changed and another disappeared, exactly the first has a new version and the second is gone.
 *
 * <p>Point {@link #settings()} at a source with at least three items, served the way the real source serves them (a
 * web server, a Git daemon, an S3 stand-in on 127.0.0.1, a temporary folder), made fresh for each test; implement
 * {@link #changeOne()} and {@link #removeOne()} on it.
 *
 * @since 1.6.0
 */
public abstract class ConnectorContract extends PluginFactoryContract<Connector> {

    /** Changes the content of one item of the source, keeping its id; returns that id. */
    protected abstract String changeOne() throws Exception;

    /** Removes another item from the source; returns its id. */
    protected abstract String removeOne() throws Exception;

    private static Map<String, String> versions(List<SourceItem> items) {
        Map<String, String> versions = new LinkedHashMap<>();
        items.forEach(i -> versions.put(i.id(), i.version()));
        return versions;
    }

    @Test
    void lists_each_item_once_with_an_id_a_name_and_a_version() {
        Connector connector = newInstance();
        List<SourceItem> items = within(() -> connector.list(Map.of()));
        assertThat(items).as("items of the source").hasSizeGreaterThanOrEqualTo(3).doesNotContainNull();
        Set<String> ids = new HashSet<>();
        for (SourceItem item : items) {
            assertThat(ids.add(item.id())).as("listed once: %s", item.id()).isTrue();
            assertThat(item.name()).as("name of %s", item.id()).isNotBlank();
            assertThat(item.version()).as("version of %s", item.id()).isNotBlank();
        }
    }

    @Test
    void fetches_every_listed_item() {
        Connector connector = newInstance();
        for (SourceItem item : within(() -> connector.list(Map.of()))) {
            SourceContent content = within(() -> connector.fetch(item));
            assertThat(content.bytes()).as("content of %s", item.id()).isNotEmpty();
        }
    }

    @Test
    void keeps_every_version_when_nothing_changed() {
        Connector connector = newInstance();
        Map<String, String> first = versions(within(() -> connector.list(Map.of())));
        Map<String, String> again = versions(within(() -> connector.list(first)));
        assertThat(again).as("a second listing of an unchanged source").isEqualTo(first);
        Map<String, String> fresh = versions(within(() -> newInstance().list(first)));
        assertThat(fresh).as("a new instance's listing of an unchanged source, told the versions").isEqualTo(first);
    }

    @Test
    void sees_exactly_what_changed_and_what_is_gone() throws Exception {
        Connector connector = newInstance();
        Map<String, String> before = versions(within(() -> connector.list(Map.of())));
        String changed = changeOne();
        String removed = removeOne();
        Map<String, String> after = versions(within(() -> connector.list(before)));

        assertThat(after).as("after a removal").doesNotContainKey(removed);
        assertThat(after.get(changed)).as("the changed item's version").isNotNull().isNotEqualTo(before.get(changed));
        before.forEach((id, version) -> {
            if (!id.equals(changed) && !id.equals(removed)) {
                assertThat(after.get(id)).as("the version of unchanged %s", id).isEqualTo(version);
            }
        });
    }
}
