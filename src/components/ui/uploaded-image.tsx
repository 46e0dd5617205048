import { isPublicUploadPurpose, type UploadPurpose } from "@domain/upload-purpose";
import { useTranslation } from "react-i18next";
import { env } from "@/config/env";
import { usePrivateImage } from "@/hooks/use-private-image";
import { uploadedImageUrl } from "@/lib/upload-image";
import "./image-upload.css";

interface UploadedImageProps {
  /** The stored location ("/base/api/uploads/<name>"). */
  location: string;
  purpose: UploadPurpose;
  alt: string;
  className?: string;
  testId?: string;
}

/**
 * An uploaded image. A public one (an avatar) is a plain `<img>`; a private one (identity, bank)
 * is fetched with the session token and shown from memory, with a placeholder while it loads
 * and if it cannot be shown. `data-location` names the stored image either way.
 */
export function UploadedImage({ location, purpose, alt, className, testId }: UploadedImageProps) {
  if (isPublicUploadPurpose(purpose))
    return (
      <img
        className={className}
        src={uploadedImageUrl(location, env.apiBase)}
        alt={alt}
        data-testid={testId}
        data-location={location}
      />
    );
  return <PrivateImage location={location} alt={alt} className={className} testId={testId} />;
}

function PrivateImage({ location, alt, className, testId }: Omit<UploadedImageProps, "purpose">) {
  const { t } = useTranslation();
  const image = usePrivateImage(location);
  if (image.status === "ready")
    return (
      <img className={className} src={image.src} alt={alt} data-testid={testId} data-location={location} data-state="ready" />
    );
  const note = t(image.status === "loading" ? "upload.imageLoading" : "upload.imageFailed");
  return (
    <span
      className={["image-placeholder", className].filter(Boolean).join(" ")}
      role="img"
      aria-label={`${alt}: ${note}`}
      aria-busy={image.status === "loading"}
      data-testid={testId}
      data-location={location}
      data-state={image.status}
    >
      {image.status === "loading" ? <span className="spinner" aria-hidden="true" /> : null}
      <span aria-hidden="true">{note}</span>
    </span>
  );
}
