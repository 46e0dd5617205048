import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { LanguageSelect } from "@/components/language-select";
import { RegistrationBanner } from "@/components/registration-banner";
import { Card } from "@/components/ui/card";
import { SignOutButton } from "@/features/auth/components/sign-out-button";
import { SharePopup } from "@/features/invite/components/share-popup";
import { useUserInfo } from "@/features/user/api/get-user-info";
import { AppVersion } from "@/features/user/components/app-version";
import { MyEntries } from "@/features/user/components/my-entries";
import { UserInfoPanel } from "@/features/user/components/user-info-panel";

export default function MyRoute() {
  const { t } = useTranslation();
  const { data: info } = useUserInfo();
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <HeaderBar title={t("my.title")} showBack={false} />
      <main className="page">
        <RegistrationBanner registered={info?.registered} />
        <UserInfoPanel />
        <MyEntries onShare={() => setSharing(true)} />
        <Card id="my-settings" title={t("my.settings")}>
          <LanguageSelect />
        </Card>
        <AppVersion />
        <SignOutButton />
      </main>
      <SharePopup open={sharing} code={info?.invitation} onClose={() => setSharing(false)} />
    </>
  );
}
