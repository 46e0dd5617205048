import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { HtmlEditor } from "../../components/html-editor";
import type { AdminNotice } from "../api/get-admin-notices";
import { useSaveNotice } from "../api/save-notice";

/** `<input type="datetime-local">` value of an epoch-ms time, in the browser's zone. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** Writes a new notice, or edits `notice`. */
export function NoticeForm({ notice, onDone }: { notice: AdminNotice | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveNotice();
  const [title, setTitle] = useState(notice?.title ?? "");
  const [summary, setSummary] = useState(notice?.summary ?? "");
  const [content, setContent] = useState(notice?.contentHtml ?? "");
  const [publishAt, setPublishAt] = useState(notice ? localInput(notice.publishedAt) : "");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const fields = {
      title,
      contentHtml: content,
      ...(summary.trim() ? { summary } : {}),
      ...(publishAt ? { publishedAt: new Date(publishAt).getTime() } : {}),
    };
    const done = {
      onSuccess: () => {
        toast.success(t(notice ? "console.notices.updated" : "console.notices.published"));
        onDone();
      },
    };
    // The API's limits (domain/api/notices.ts); the server checks them again and names a field it refuses.
    if (!title.trim() || title.trim().length > 128 || !content.trim()) return setError(t("console.notices.invalid"));
    save.mutate(notice ? { id: notice.id, input: fields } : { id: null, input: fields }, done);
    setError(null);
  };
  return (
    <section className="card console-section" aria-labelledby="notice-form-title">
      <h2 id="notice-form-title" className="card__title">
        {notice ? t("console.notices.editTitle", { id: notice.id }) : t("console.notices.newTitle")}
      </h2>
      <Form
        onSubmit={submit}
        busy={save.isPending}
        submitLabel={t(notice ? "console.save" : "console.notices.publish")}
        submitTestId="notice-submit"
      >
        {error ? (
          <p className="alert" role="alert">
            {error}
          </p>
        ) : null}
        <TextField
          label={t("console.notices.titleField")}
          value={title}
          maxLength={128}
          data-testid="notice-title"
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label={t("console.notices.summary")}
          hint={t("console.notices.summaryHint")}
          value={summary}
          maxLength={256}
          onChange={(e) => setSummary(e.target.value)}
        />
        <HtmlEditor
          label={t("console.notices.content")}
          value={content}
          onChange={setContent}
          maxLength={200_000}
          testId="notice-content"
        />
        <TextField
          label={t("console.notices.publishAt")}
          hint={t("console.notices.publishAtHint")}
          type="datetime-local"
          value={publishAt}
          onChange={(e) => setPublishAt(e.target.value)}
        />
        {notice ? (
          <button type="button" className="btn btn--link" onClick={onDone}>
            {t("console.cancel")}
          </button>
        ) : null}
      </Form>
    </section>
  );
}
