import { ADDRESS_DETAIL_MAX, RECEIVER_MAX } from "@domain/account-limits";
import { isPhone } from "@domain/phone";
import { plainTextProblem } from "@domain/plain-text";
import { isVerificationCode } from "@domain/verification-code";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { type DeliveryAddress, useAddresses } from "../api/get-addresses";
import { useCities } from "../api/get-cities";
import { useSaveAddress } from "../api/save-address";
import { useSendPhoneCode } from "../api/send-phone-code";
import { type RegionCodes, RegionPicker } from "./region-picker";

type Field = "receiver" | "phone" | "phoneCode" | "region" | "detail";

/**
 * The address form. A phone number this user has not used in an address yet is proved with an
 * SMS code (`home/sending/{phone}`, ADR-0150, "Phone codes on delivery addresses"): the courier calls it.
 */
function Form({ initial, onSaved }: { initial: DeliveryAddress | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const cities = useCities();
  const save = useSaveAddress();
  const known = useAddresses().data?.list.map((a) => a.phone) ?? [];
  const sms = useSendPhoneCode();
  const [receiver, setReceiver] = useState(initial?.receiver ?? "");
  const [phone, setPhone] = useState(initial?.phone ?? "");
  const [phoneCode, setPhoneCode] = useState("");
  const [region, setRegion] = useState<RegionCodes>({
    provinceCode: initial?.provinceCode ?? "",
    cityCode: initial?.cityCode ?? "",
    districtCode: initial?.districtCode ?? "",
  });
  const [detail, setDetail] = useState(initial?.detail ?? "");
  const [isDefault, setIsDefault] = useState(initial?.isDefault ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));
  // Shown once the number is complete: only a number new to this user's addresses needs its code.
  const needsCode = isPhone(phone.trim()) && !known.includes(phone.trim()) && phone.trim() !== initial?.phone;

  const sendCode = async () => {
    try {
      await sms.send(phone.trim());
      toast.success(t("address.codeSent"));
    } catch {
      // The API client has shown why.
    }
  };

  const submit = async () => {
    const next: Partial<Record<Field, string>> = {};
    if (plainTextProblem(receiver, "receiver", RECEIVER_MAX)) next.receiver = t("address.receiverInvalid");
    if (!isPhone(phone.trim())) next.phone = t("address.phoneInvalid");
    else if (needsCode && !isVerificationCode(phoneCode)) next.phoneCode = t("form.codeInvalid");
    if (!region.provinceCode || !region.cityCode || !region.districtCode) next.region = t("address.regionMissing");
    if (plainTextProblem(detail, "detail", ADDRESS_DETAIL_MAX)) next.detail = t("address.detailInvalid");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await save.mutateAsync({
        ...(initial ? { id: initial.id } : {}),
        receiver: receiver.trim(),
        phone: phone.trim(),
        ...(needsCode ? { phoneCode } : {}),
        ...region,
        detail: detail.trim(),
        isDefault,
      });
    } catch {
      return; // shown by the API client
    }
    toast.success(t("address.saved"));
    onSaved();
  };

  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t("address.receiver")}
        placeholder={t("address.receiverPlaceholder")}
        autoComplete="name"
        value={receiver}
        onChange={(e) => {
          setReceiver(e.target.value);
          clear("receiver");
        }}
        error={errors.receiver}
        data-testid="address-receiver"
      />
      <TextField
        label={t("address.phone")}
        placeholder={t("address.phonePlaceholder")}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={11}
        value={phone}
        onChange={(e) => {
          setPhone(e.target.value.replace(/\D/g, ""));
          clear("phone");
        }}
        error={errors.phone}
        data-testid="address-phone"
        addon={
          needsCode ? (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={sms.isPending || sms.secondsLeft > 0}
              onClick={() => void sendCode()}
              data-testid="address-send-code"
            >
              {sms.secondsLeft > 0 ? t("form.resendIn", { seconds: sms.secondsLeft }) : t("form.sendCode")}
            </button>
          ) : undefined
        }
      />
      {needsCode ? (
        <TextField
          label={t("address.phoneCode")}
          placeholder={t("form.codePlaceholder")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={phoneCode}
          onChange={(e) => {
            setPhoneCode(e.target.value.replace(/\D/g, ""));
            clear("phoneCode");
          }}
          error={errors.phoneCode}
          hint={t("address.phoneCodeHint")}
          data-testid="address-phone-code"
        />
      ) : null}
      <LoadState isPending={cities.isPending} isError={cities.isError} onRetry={() => void cities.refetch()} />
      {cities.data ? (
        <RegionPicker
          tree={cities.data}
          value={region}
          onChange={(v) => {
            setRegion(v);
            clear("region");
          }}
          error={errors.region}
        />
      ) : null}
      <TextField
        label={t("address.detail")}
        placeholder={t("address.detailPlaceholder")}
        autoComplete="street-address"
        value={detail}
        onChange={(e) => {
          setDetail(e.target.value);
          clear("detail");
        }}
        error={errors.detail}
        data-testid="address-detail"
      />
      <label className="option">
        <input
          type="checkbox"
          checked={isDefault}
          disabled={initial?.isDefault}
          onChange={(e) => setIsDefault(e.target.checked)}
          data-testid="address-default"
        />
        <span>{t("address.makeDefault")}</span>
      </label>
      <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending} data-testid="address-save">
        {t("address.save")}
      </button>
    </form>
  );
}

/** /pages/address/address-add, with `id` to edit an existing address. */
export function AddressForm({ id, onSaved }: { id: number | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const existing = id === null ? null : (addresses.data?.list.find((a) => a.id === id) ?? null);
  return (
    <Card id="address-form-title" title={id === null ? t("address.addTitle") : t("address.editTitle")}>
      {id !== null ? (
        <LoadState
          isPending={addresses.isPending}
          isError={addresses.isError}
          isEmpty={addresses.isSuccess && !existing}
          onRetry={() => void addresses.refetch()}
        />
      ) : null}
      {id === null || existing ? <Form key={existing?.id ?? "new"} initial={existing} onSaved={onSaved} /> : null}
    </Card>
  );
}
