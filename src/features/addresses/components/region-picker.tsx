import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Region } from "../api/get-cities";

export interface RegionCodes {
  provinceCode: string;
  cityCode: string;
  districtCode: string;
}

function RegionSelect({
  label,
  value,
  regions,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  regions: Region[];
  onChange: (code: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={regions.length === 0}
        data-testid={testId}
      >
        <option value="">{t("address.choose")}</option>
        {regions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Province → city → district from home/city/list; choosing a level clears the ones below. */
export function RegionPicker({
  tree,
  value,
  onChange,
  error,
}: {
  tree: Region[];
  value: RegionCodes;
  onChange: (v: RegionCodes) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const cities = tree.find((p) => p.code === value.provinceCode)?.children ?? [];
  const districts = cities.find((c) => c.code === value.cityCode)?.children ?? [];
  return (
    <fieldset className="options">
      <legend>{t("address.region")}</legend>
      <RegionSelect
        label={t("address.province")}
        value={value.provinceCode}
        regions={tree}
        testId="region-province"
        onChange={(code) => onChange({ provinceCode: code, cityCode: "", districtCode: "" })}
      />
      <RegionSelect
        label={t("address.city")}
        value={value.cityCode}
        regions={cities}
        testId="region-city"
        onChange={(code) => onChange({ ...value, cityCode: code, districtCode: "" })}
      />
      <RegionSelect
        label={t("address.district")}
        value={value.districtCode}
        regions={districts}
        testId="region-district"
        onChange={(code) => onChange({ ...value, districtCode: code })}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
