import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { thousands } from "@domain/money";
import { useAlloy } from "../api/get-alloy";
import { alloyHref } from "./alloy-href";
import { AlloyIcon } from "./alloy-icon";
import "./alloy.css";

/** The five alloy materials with my pieces and the total remaining. */
export function AlloyList() {
  const { t } = useTranslation();
  const query = useAlloy();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} busy={query.isFetching} />;
  const { materials } = query.data;
  const total = materials.reduce((sum, m) => sum + m.user, 0);
  return (
    <>
      <section className="alloy-hero" aria-labelledby="alloy-total">
        <p id="alloy-total" className="alloy-hero__label">
          {t("alloy.myTotal")}
        </p>
        <p className="alloy-hero__value" data-testid="alloy-my-total">
          {thousands(String(total))}
        </p>
      </section>
      <Card id="alloy-materials" title={t("alloy.materials")}>
        {materials.length === 0 ? (
          <Empty />
        ) : (
          <ul className="alloy-list" data-testid="alloy-list">
            {materials.map((m) => (
              <li key={m.material} data-testid={`alloy-${m.material}`}>
                <Link to={alloyHref(m.material)} className="alloy-row">
                  <AlloyIcon material={m.material} />
                  <span className="alloy-row__name">{t("alloy.material", { n: m.material })}</span>
                  <span className="alloy-row__figures">
                    <span>
                      {t("alloy.mine")} <strong data-testid={`alloy-${m.material}-mine`}>{thousands(String(m.user))}</strong>
                    </span>
                    <span className="muted">
                      {t("alloy.remaining")}{" "}
                      <span data-testid={`alloy-${m.material}-remaining`}>{thousands(String(m.remaining))}</span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
