import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { thousands } from "@domain/money";
import { useAlloy } from "../api/get-alloy";
import { AlloyIcon } from "./alloy-icon";
import "./alloy.css";

/** One material: my pieces, what remains, and my share of what has been handed out. */
export function AlloyDetail({ material }: { material: number | null }) {
  const { t } = useTranslation();
  const query = useAlloy();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} busy={query.isFetching} />;
  const row = query.data.materials.find((m) => m.material === material);
  if (!row) return <p className="alert">{t("alloy.notFound")}</p>;
  return (
    <section className="card alloy-detail" aria-labelledby="alloy-detail-title" data-testid="alloy-detail">
      <AlloyIcon material={row.material} size={88} />
      <h2 id="alloy-detail-title" className="alloy-detail__title">
        {t("alloy.material", { n: row.material })}
      </h2>
      <dl className="alloy-detail__facts">
        <div>
          <dt>{t("alloy.mine")}</dt>
          <dd data-testid="alloy-detail-mine">{thousands(String(row.user))}</dd>
        </div>
        <div>
          <dt>{t("alloy.remaining")}</dt>
          <dd data-testid="alloy-detail-remaining">{thousands(String(row.remaining))}</dd>
        </div>
      </dl>
      <p className="muted alloy-detail__note">{t("alloy.howToGet")}</p>
    </section>
  );
}
