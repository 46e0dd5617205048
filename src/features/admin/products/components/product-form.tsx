import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { HtmlEditor } from "../../components/html-editor";
import { SelectField } from "../../components/select-field";
import { TextAreaField } from "../../components/text-area-field";
import type { AdminProduct } from "../api/get-admin-products";
import { useSaveProduct } from "../api/save-product";
import { useUploadProductImage } from "../api/upload-product-image";
import { draftOf, EMPTY_DRAFT, type ProductDraft, readDraft } from "../utils/product-draft";

type TextName = "title" | "priceCny" | "priceUsdt" | "stock" | "dailyRate" | "cycleDays" | "alloyPieces" | "sort";
/** Each typed field, with the API field its errors come back under. */
const TEXT_FIELDS: readonly { name: TextName; api: string; decimal?: boolean }[] = [
  { name: "title", api: "title" },
  { name: "priceCny", api: "priceCny", decimal: true },
  { name: "priceUsdt", api: "priceUsdt", decimal: true },
  { name: "stock", api: "stock" },
  { name: "dailyRate", api: "dailyRatePpm", decimal: true },
  { name: "cycleDays", api: "cycleDays" },
  { name: "alloyPieces", api: "alloyPieces" },
  { name: "sort", api: "sort" },
];

/** Adds a product, or edits `product`: prices and the rate typed as decimals, sent as the API's minor units. */
export function ProductForm({ product, onDone }: { product: AdminProduct | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveProduct();
  const upload = useUploadProductImage();
  const [draft, setDraft] = useState<ProductDraft>(product ? draftOf(product) : EMPTY_DRAFT);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const set = <K extends keyof ProductDraft>(name: K, value: ProductDraft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const errorOf = (apiName: string) => (invalid.has(apiName) ? t(dataKey(`console.products.invalid.${apiName}`)) : null);
  const submit = () => {
    const { input, invalid: bad } = readDraft(draft);
    setInvalid(new Set(bad));
    if (!input) return;
    const done = {
      onSuccess: () => {
        toast.success(t(product ? "console.products.updated" : "console.products.added"));
        onDone();
      },
      // The server names the first field it refuses (`api.invalidInput` with `{field}`).
      onError: (error: unknown) => {
        const field = error instanceof ApiError ? String(error.params?.field ?? "").split(".")[0] : "";
        if (field) setInvalid(new Set([field]));
      },
    };
    save.mutate(product ? { id: product.id, input } : { id: null, input }, done);
  };
  const addImage = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (location) => set("images", [draft.images.trim(), location].filter(Boolean).join("\n")) });
  };
  return (
    <section className="card console-section" aria-labelledby="product-form-title">
      <h2 id="product-form-title" className="card__title">
        {product ? t("console.products.editTitle", { id: product.id }) : t("console.products.newTitle")}
      </h2>
      <Form
        onSubmit={submit}
        busy={save.isPending}
        submitLabel={t(product ? "console.save" : "console.products.add")}
        submitTestId="product-submit"
      >
        <div className="console-grid">
          {TEXT_FIELDS.map((f) => (
            <TextField
              key={f.name}
              label={t(`console.products.field.${f.name}`)}
              value={draft[f.name]}
              inputMode={f.decimal ? "decimal" : f.name === "title" ? undefined : "numeric"}
              error={errorOf(f.api)}
              data-testid={`product-${f.name}`}
              onChange={(e) => set(f.name, e.target.value)}
            />
          ))}
          <SelectField
            label={t("console.products.field.alloyMaterial")}
            value={draft.alloyMaterial as "" | "1"}
            anyLabel={t("console.products.noAlloy")}
            options={["1", "2", "3", "4", "5"].map((n) => ({ value: n as "1", label: t("alloy.material", { n }) }))}
            onChange={(v) => set("alloyMaterial", v)}
          />
          <label className="option">
            <input type="checkbox" checked={draft.onSale} onChange={(e) => set("onSale", e.target.checked)} />
            {t("console.products.field.onSale")}
          </label>
        </div>
        {errorOf("alloyMaterial") ? <p className="field__error">{errorOf("alloyMaterial")}</p> : null}
        <TextAreaField
          label={t("console.products.field.images")}
          hint={errorOf("images") ?? t("console.products.imagesHint")}
          value={draft.images}
          rows={3}
          spellCheck={false}
          onChange={(e) => set("images", e.target.value)}
        />
        <label className="btn btn--secondary console-file">
          {upload.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t("console.products.upload")}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            onChange={(e) => addImage(e.target.files?.[0])}
          />
        </label>
        <HtmlEditor
          label={t("console.products.field.description")}
          value={draft.descriptionHtml}
          onChange={(v) => set("descriptionHtml", v)}
          maxLength={100_000}
          testId="product-description"
        />
        {product ? (
          <button type="button" className="btn btn--link" onClick={onDone}>
            {t("console.cancel")}
          </button>
        ) : null}
      </Form>
    </section>
  );
}
