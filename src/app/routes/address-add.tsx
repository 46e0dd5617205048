import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { AddressForm } from "@/features/addresses/components/address-form";
import { positiveId } from "./search-id";

/** Adds an address, or edits the one named by `?id=`. */
export default function AddressAddRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.has("id") ? positiveId(params.get("id")) : null;
  return (
    <>
      <HeaderBar title={id === null ? t("address.addTitle") : t("address.editTitle")} backUrl={paths.address} />
      <main className="page">
        <AddressForm id={id} onSaved={() => void navigate(paths.address, { replace: true })} />
      </main>
    </>
  );
}
