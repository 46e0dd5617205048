import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { NoticeList } from "@/features/notices/components/notice-list";

export default function NoticeRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("notices.title")} />
      <main className="page">
        <NoticeList />
      </main>
    </>
  );
}
