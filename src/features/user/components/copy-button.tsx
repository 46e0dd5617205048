import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--link"
      aria-label={label}
      onClick={() => {
        void copyText(text).then((ok) => (ok ? toast.success(t("common.copied")) : toast.error(t("common.copyFailed"))));
      }}
    >
      {t("common.copy")}
    </button>
  );
}
