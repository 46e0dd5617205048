import { useTranslation } from "react-i18next";
import { useBlock } from "wagmi";
import { formatChainTime } from "@/lib/protocol/time";

/** "As of block #N, <time>": the block the figures on screen were read at (the latest one, refreshed). */
export function AsOfBlock() {
  const { t } = useTranslation();
  const { data: block } = useBlock({ watch: true, query: { refetchInterval: 15_000 } });
  if (!block) return null;
  return (
    <p className="as-of muted" data-testid="as-of-block">
      {t("protocol.asOf", { block: block.number?.toString() ?? "?", time: formatChainTime(block.timestamp) })}
    </p>
  );
}
