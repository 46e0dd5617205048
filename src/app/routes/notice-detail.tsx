import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { NoticeDetail } from "@/features/notices/components/notice-detail";
import { positiveId } from "./search-id";

export default function NoticeDetailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <>
      <HeaderBar title={t("notices.detailTitle")} backUrl={paths.notice} />
      <main className="page">
        <NoticeDetail id={positiveId(params.get("id"))} />
      </main>
    </>
  );
}
