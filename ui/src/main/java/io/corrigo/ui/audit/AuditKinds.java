package io.corrigo.ui.audit;

import static io.corrigo.ui.shell.Texts.t;

/**
 * An audit entry's kind of change in words ("Connector · created" for {@code connector.create}), in the admin's
 * language. A kind or verb this list does not know is shown as recorded, so nothing is hidden.
 */
final class AuditKinds {

    private AuditKinds() {
    }

    /** {@code action} ({@code <kind>.<verb>}) in words. */
    static String label(String action) {
        if (action == null) {
            return "";
        }
        int dot = action.indexOf('.');
        String kind = kind(dot < 0 ? action : action.substring(0, dot));
        String verb = dot < 0 ? "" : verb(action.substring(dot + 1));
        if (kind == null || verb == null) {
            return action;
        }
        return verb.isEmpty() ? kind : t("{0} · {1}", kind, verb);
    }

    /** A kind of audited thing in words, or {@code null}. */
    static String kind(String kind) {
        return switch (kind) {
            case "tenant" -> t("Tenant");
            case "pipeline" -> t("Pipeline");
            case "key" -> t("Key");
            case "user" -> t("User");
            case "token" -> t("API token");
            case "plugin" -> t("Plugin");
            case "settings" -> t("Settings");
            case "document" -> t("Document");
            case "connector" -> t("Connector");
            case "curated" -> t("Curated answer");
            case "eval" -> t("Evaluation");
            case "knowledge-base" -> t("Knowledge base");
            case "outbound" -> t("Outbound address");
            case "sign-in" -> t("Sign-in");
            default -> null;
        };
    }

    private static String verb(String verb) {
        return switch (verb) {
            case "create" -> t("created");
            case "delete" -> t("deleted");
            case "update", "change" -> t("changed");
            case "draft" -> t("draft saved");
            case "save" -> t("saved and published");
            case "publish" -> t("published");
            case "publish-override" -> t("published despite its golden sets");
            case "rollback" -> t("rolled back");
            case "revoke" -> t("revoked");
            case "scope" -> t("readers or metadata changed");
            case "upload" -> t("uploaded");
            case "reindex" -> t("re-indexed");
            case "chunk-edit" -> t("passage edited");
            case "case-add" -> t("question added to a set");
            case "golden-mark" -> t("set marked golden");
            case "golden-unmark" -> t("set no longer golden");
            case "allow" -> t("allowed");
            case "disallow" -> t("no longer allowed");
            case "widget" -> t("widget changed");
            case "widget.language" -> t("widget texts changed");
            case "password" -> t("password changed");
            case "provision" -> t("provisioned by single sign-on");
            case "health-bands" -> t("health bands changed");
            case "sso" -> t("single sign-on changed");
            case "eval-schedule" -> t("evaluation schedule changed");
            case "webhook" -> t("webhook changed");
            case "budget" -> t("budget changed");
            case "install" -> t("installed");
            case "uninstall" -> t("removed");
            case "replace" -> t("replaced by another version");
            case "enable" -> t("enabled");
            case "disable" -> t("disabled");
            case "sync" -> t("sync started");
            case "run" -> t("run");
            case "failed" -> t("failed");
            default -> null;
        };
    }
}
