import { useTranslation } from "react-i18next";

/** Empty placeholder (specification §2): reads 暂无数据 in cn. */
export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty" data-testid="empty">
      <svg viewBox="0 0 64 48" aria-hidden="true" focusable="false" className="empty__art">
        <path
          d="M8 30 16 10h32l8 20v12a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z M8 30h14l3 6h14l3-6h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <p>{text ?? t("common.empty")}</p>
    </div>
  );
}
