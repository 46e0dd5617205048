import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { LanguageSelect } from "@/components/language-select";
import { SignOutButton } from "@/features/auth/components/sign-out-button";
import { UserInfoPanel } from "@/features/user/components/user-info-panel";

export default function MyRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("my.title")} showBack={false} />
      <main className="page">
        <UserInfoPanel signOut={<SignOutButton />} />
        <section className="card" aria-labelledby="my-settings">
          <h2 id="my-settings" className="card__title">
            {t("my.settings")}
          </h2>
          <LanguageSelect />
        </section>
      </main>
    </>
  );
}
