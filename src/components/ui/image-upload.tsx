import type { UploadPurpose } from "@domain/upload-purpose";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadImage } from "@/lib/upload-image";
import { UploadedImage } from "./uploaded-image";
import "./image-upload.css";

/** An upload entry (specification §3): url, status and message. */
export interface UploadEntry {
  url: string;
  status: "uploading" | "success";
  message: string;
}

interface ImageUploadProps {
  label: string;
  /** The stored location, or null. */
  value: string | null;
  onChange: (location: string | null) => void;
  /** The `user` form field of the upload. */
  user: string;
  /** What the image is for: decides who may see it, and how it is shown back. */
  purpose: UploadPurpose;
  testId?: string;
}

/** The single-image upload (at most one file): 上传中 while uploading, then the stored image. */
export function ImageUpload({ label, value, onChange, user, purpose, testId }: ImageUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const [entry, setEntry] = useState<UploadEntry | null>(null);
  const uploading = entry?.status === "uploading";

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setEntry({ url: "", status: "uploading", message: t("upload.uploading") });
    try {
      const location = await uploadImage(file, user, purpose);
      setEntry({ url: location, status: "success", message: "" });
      onChange(location);
    } catch {
      setEntry(null);
    }
  };

  return (
    <div className="image-upload" data-testid={testId}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      {value && !uploading ? (
        <div className="image-upload__preview">
          <UploadedImage location={value} purpose={purpose} alt={label} testId={testId ? `${testId}-image` : undefined} />
          <button type="button" className="btn btn--link" onClick={() => onChange(null)}>
            {t("upload.remove")}
          </button>
        </div>
      ) : (
        <label className="image-upload__drop" htmlFor={id} aria-busy={uploading}>
          {uploading ? (
            <span className="status-line" role="status">
              <span className="spinner" aria-hidden="true" />
              {entry?.message}
            </span>
          ) : (
            <span>{t("upload.choose")}</span>
          )}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={uploading}
            aria-labelledby={`${id}-label`}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = "";
            }}
            data-testid={testId ? `${testId}-input` : undefined}
          />
        </label>
      )}
    </div>
  );
}
