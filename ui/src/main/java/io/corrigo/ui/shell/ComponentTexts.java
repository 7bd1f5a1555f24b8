package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.login.LoginI18n;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.UploadI18N;
import java.text.DateFormatSymbols;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The words Vaadin's own components say (an upload's "Upload files…", a date picker's months, the sign-in form) in the
 * admin's language. English keeps the components' defaults.
 */
public final class ComponentTexts {

    private ComponentTexts() {
    }

    private static boolean english() {
        return Texts.language().equals("en");
    }

    /** {@code upload} speaking the admin's language. */
    public static Upload upload(Upload upload) {
        if (english()) {
            return upload;
        }
        upload.setI18n(new UploadI18N()
                .setDropFiles(new UploadI18N.DropFiles().setOne(t("Drop file here")).setMany(t("Drop files here")))
                .setAddFiles(new UploadI18N.AddFiles().setOne(t("Upload file...")).setMany(t("Upload files...")))
                .setError(new UploadI18N.Error().setTooManyFiles(t("Too Many Files."))
                        .setFileIsTooBig(t("File is Too Big.")).setIncorrectFileType(t("Incorrect File Type.")))
                .setUploading(new UploadI18N.Uploading()
                        .setStatus(new UploadI18N.Uploading.Status().setConnecting(t("Connecting..."))
                                .setStalled(t("Stalled")).setProcessing(t("Processing File...")).setHeld(t("Queued")))
                        .setRemainingTime(new UploadI18N.Uploading.RemainingTime().setPrefix(t("remaining time: "))
                                .setUnknown(t("unknown remaining time")))
                        .setError(new UploadI18N.Uploading.Error().setServerUnavailable(t("Upload failed, please try again later"))
                                .setUnexpectedServerError(t("Upload failed due to server error"))
                                .setForbidden(t("Upload forbidden"))))
                .setFile(new UploadI18N.File().setRetry(t("Retry")).setStart(t("Start")).setRemove(t("Remove")))
                .setUnits(List.of("B", "kB", "MB", "GB", "TB")));
        return upload;
    }

    /** {@code picker} with month and day names of the admin's language and its first day of the week. */
    public static DatePicker dates(DatePicker picker) {
        if (english()) {
            return picker;
        }
        Locale locale = UI.getCurrent().getLocale();
        DateFormatSymbols symbols = DateFormatSymbols.getInstance(locale);
        picker.setLocale(locale);
        picker.setI18n(new DatePicker.DatePickerI18n()
                .setMonthNames(Arrays.asList(symbols.getMonths()).subList(0, 12))
                .setWeekdays(Arrays.asList(symbols.getWeekdays()).subList(1, 8))
                .setWeekdaysShort(Arrays.asList(symbols.getShortWeekdays()).subList(1, 8))
                .setFirstDayOfWeek(1).setToday(t("Today")).setCancel(t("Cancel")));
        return picker;
    }

    /** The sign-in form's words in the language of the current UI. */
    public static LoginI18n login() {
        LoginI18n i18n = LoginI18n.createDefault();
        if (english()) {
            return i18n;
        }
        i18n.getForm().setTitle(t("Log in"));
        i18n.getForm().setUsername(t("Username"));
        i18n.getForm().setPassword(t("Password"));
        i18n.getForm().setSubmit(t("Log in"));
        i18n.getForm().setForgotPassword(t("Forgot password"));
        i18n.getErrorMessage().setTitle(t("Incorrect username or password"));
        i18n.getErrorMessage().setMessage(t("Check that you have entered the correct username and password and try again."));
        i18n.getErrorMessage().setUsername(t("Username is required"));
        i18n.getErrorMessage().setPassword(t("Password is required"));
        return i18n;
    }
}
