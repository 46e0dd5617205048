import { useTranslation } from "react-i18next";
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
      <section className="card" aria-labelledby="bridge-about">
        <h2 id="bridge-about" className="card__title">
          {t("bridge.title")}
        </h2>
        <p>{t("bridge.explain", { chain: chainName })}</p>
        <p className="muted">{t("bridge.safety")}</p>
      </section>
      <section className="card" aria-labelledby="bridge-targets">
        <h2 id="bridge-targets" className="card__title">
          {t("bridge.targets")}
        </h2>
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
      </section>
    </>
  );
}
