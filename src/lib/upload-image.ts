import type { UploadedLocation } from "@domain/api/upload-location";
import { MAX_IMAGE_BYTES } from "@domain/image-type";
import type { UploadPurpose } from "@domain/upload-purpose";
import { env } from "@/config/env";
import { apiUrl } from "./api-client";
import { ApiError } from "./api-error";
import { readRefusal } from "./api-refusal";
import { i18n } from "./i18n";
import { getToken } from "./session";
import { toast } from "./toast";

/**
 * POST /base/api/user//upload (specification §7: multipart, field `file`, form field `user`, and
 * our form field `purpose`, which decides who may see the image): one image; resolves the stored
 * location ("/base/api/uploads/<name>"). A refusal is toasted, unlike the original's "no
 * handling" (specification §8).
 */
export async function uploadImage(file: File, user: string, purpose: UploadPurpose): Promise<UploadedLocation> {
  if (file.size > MAX_IMAGE_BYTES) {
    const msg = i18n.t("upload.tooLarge", { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 });
    toast.error(msg);
    throw new ApiError(400, msg);
  }
  const form = new FormData();
  form.append("user", user);
  form.append("purpose", purpose);
  form.append("file", file);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.token = token;
  let payload: { code?: unknown; msg?: unknown; data?: unknown; key?: unknown; params?: unknown };
  try {
    const response = await fetch(apiUrl("/user//upload"), { method: "POST", headers, body: form });
    payload = (await response.json()) as typeof payload;
  } catch (cause) {
    const msg = i18n.t("api.network");
    toast.error(msg);
    throw new ApiError(-1, msg, "network", { cause });
  }
  if (payload.code === 0 && typeof payload.data === "string") return payload.data;
  const { text, key, params } = await readRefusal(payload);
  const msg = text || i18n.t("api.failed");
  toast.error(msg);
  throw new ApiError(typeof payload.code === "number" ? payload.code : 500, msg, "reply", { key, params });
}

/** An API location ("/base/api/uploads/…") as an image URL of the configured API origin. */
export function uploadedImageUrl(location: string, apiBase = ""): string {
  return /^https?:\/\//.test(location) ? location : `${apiBase}${location}`;
}

/**
 * The bytes of a private upload (identity, bank): the server serves them only with the session
 * token (or an operator's), which an `<img src>` cannot send. Rejects on any refusal or on a
 * reply that is not an image; the caller shows a placeholder, and never logs the user out for it.
 */
export async function fetchPrivateImage(location: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.token = token;
  const response = await fetch(uploadedImageUrl(location, env.apiBase), { headers, signal, cache: "no-store" });
  if (!response.ok) throw new ApiError(response.status, `The image was refused (HTTP ${response.status})`);
  const blob = await response.blob();
  if (!blob.type.startsWith("image/")) throw new ApiError(response.status, "The reply is not an image", "malformed");
  return blob;
}
