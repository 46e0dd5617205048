import { useTranslation } from "react-i18next";
import { SafeHtml } from "@/components/ui/safe-html";
import { TextAreaField } from "./text-area-field";

/**
 * Rich text as HTML with a live preview rendered through the app's sanitiser, exactly as readers
 * will see it (scripts, handlers and unsafe URLs removed). No editor library: a textarea.
 */
export function HtmlEditor({
  label,
  value,
  onChange,
  maxLength,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="console-html">
      <TextAreaField
        label={label}
        hint={t("console.html.hint")}
        value={value}
        rows={8}
        maxLength={maxLength}
        spellCheck={false}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      <section className="console-preview" aria-label={t("console.html.preview")} data-testid={`${testId}-preview`}>
        <p className="console-details__label">{t("console.html.preview")}</p>
        {value.trim() ? <SafeHtml html={value} /> : <p className="muted">{t("console.html.empty")}</p>}
      </section>
    </div>
  );
}
