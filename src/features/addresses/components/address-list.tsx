import { maskPhone } from "@domain/phone";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { StatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/lib/toast";
import { useDeleteAddress } from "../api/delete-address";
import { type DeliveryAddress, useAddresses } from "../api/get-addresses";
import { useSaveAddress } from "../api/save-address";
import "./addresses.css";

function AddressItem({ address, editHref }: { address: DeliveryAddress; editHref: string }) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const busy = save.isPending || remove.isPending;
  const { id, receiver, phone, provinceCode, cityCode, districtCode, detail } = address;
  return (
    <li className="address" data-testid="address-item" data-default={address.isDefault}>
      <div className="address__head">
        <strong>{receiver}</strong>
        <span className="muted">{maskPhone(phone)}</span>
        {address.isDefault ? <StatusBadge tone="success">{t("address.default")}</StatusBadge> : null}
      </div>
      <p className="address__text">
        {address.region} {detail}
      </p>
      <div className="address__actions">
        {!address.isDefault ? (
          <button
            type="button"
            className="btn btn--link"
            disabled={busy}
            data-testid="address-set-default"
            onClick={() =>
              save.mutate(
                { id, receiver, phone, provinceCode, cityCode, districtCode, detail, isDefault: true },
                { onSuccess: () => toast.success(t("address.defaultSet")) },
              )
            }
          >
            {t("address.setDefault")}
          </button>
        ) : null}
        <Link className="btn btn--link" to={editHref} data-testid="address-edit">
          {t("address.edit")}
        </Link>
        <button
          type="button"
          className="btn btn--link address__delete"
          disabled={busy}
          data-testid="address-delete"
          onClick={() => {
            if (window.confirm(t("address.confirmDelete")))
              remove.mutate(id, { onSuccess: () => toast.success(t("address.deleted")) });
          }}
        >
          {t("address.delete")}
        </button>
      </div>
    </li>
  );
}

/** /pages/address/address: the list with set default, edit and delete (confirmed). */
export function AddressList({ editHref, addHref }: { editHref: (id: number) => string; addHref: string }) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const list = addresses.data?.list;
  return (
    <>
      <Card id="addresses-title" title={t("address.listTitle")}>
        <LoadState
          isPending={addresses.isPending}
          isError={addresses.isError}
          isEmpty={list?.length === 0}
          onRetry={() => void addresses.refetch()}
        />
        {list && list.length > 0 ? (
          <ul className="list" data-testid="address-list">
            {list.map((a) => (
              <AddressItem key={a.id} address={a} editHref={editHref(a.id)} />
            ))}
          </ul>
        ) : null}
      </Card>
      <Link className="btn btn--primary btn--block" to={addHref} data-testid="address-add">
        {t("address.add")}
      </Link>
    </>
  );
}
