import { useTranslation } from "react-i18next";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import { useRenderLanguage } from "@/lib/i18n/use-render-language";
import { formatChainTime } from "@/lib/protocol/time";

/** "As of block #N, <time>": the block the figures on screen were read at. Nothing until one is known. */
export function AsOfLine({ block }: { block: FiguresBlock | undefined }) {
  const { t } = useTranslation();
  const lang = useRenderLanguage();
  if (!block) return null;
  return (
    <p className="as-of muted" data-testid="as-of-block">
      {t("protocol.asOf", { block: block.number.toString(), time: formatChainTime(block.timestamp, lang) })}
    </p>
  );
}
