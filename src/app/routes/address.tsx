import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { AddressList } from "@/features/addresses/components/address-list";

export default function AddressRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("address.pageTitle")} backUrl={paths.my} />
      <main className="page">
        <AddressList addHref={paths.addressAdd} editHref={(id) => `${paths.addressAdd}?id=${id}`} />
      </main>
    </>
  );
}
