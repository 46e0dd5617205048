import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { appChain } from "@/config/chain";
import { type BridgeTarget, bridgesFrom } from "@/config/bridges";
import "./bridge.css";

/**
 * /pages/protocol/bridge: what bridging means here and where to do it. No bridging happens in
 * the app; each target links to its official bridge from configuration.
 */
export function BridgeScreen({ chainId = appChain.id, chainName = appChain.name }: { chainId?: number; chainName?: string }) {
  const { t } = useTranslation();
  const targets: BridgeTarget[] = bridgesFrom(chainId);
  const local = chainId === 31337;
  return (
    <>
      <Card id="bridge-about" title={t("bridge.title")}>
        <p>{t("bridge.explain", { chain: chainName })}</p>
        <p className="muted">{t("bridge.safety")}</p>
      </Card>
      <Card id="bridge-targets" title={t("bridge.targets")}>
        {targets.length === 0 ? (
          <p className="bridge-note" role="status" data-testid="bridge-none">
            {local ? t("bridge.localNone", { chain: chainName }) : t("bridge.none", { chain: chainName })}
          </p>
        ) : (
          <ul className="protocol-list" data-testid="bridge-list">
            {targets.map((b) => (
              <li key={b.chainId} data-testid="bridge-target">
                <strong>{t("bridge.route", { from: chainName, to: b.chain })}</strong>
                <p className="muted">{t("bridge.operator", { operator: b.operator })}</p>
                <a className="btn btn--secondary btn--block" href={b.url} target="_blank" rel="noopener noreferrer">
                  {t("bridge.open", { chain: b.chain })}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
