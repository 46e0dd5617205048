import { MAX_IMAGE_BYTES } from "@domain/image-type";
import { apiUrl } from "./api-client";
import { ApiError } from "./api-error";
import { i18next } from "./i18n";
import { getToken } from "./session";
import { toast } from "./toast";

/**
 * POST /base/api/user//upload (specification §7: multipart, field `file`, form field `user`):
 * one image; resolves the stored location ("/base/api/uploads/<name>"). A refusal is toasted,
 * unlike the original's "no handling" (specification §8).
 */
export async function uploadImage(file: File, user: string): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) {
    const msg = i18next.t("upload.tooLarge");
    toast.error(msg);
    throw new ApiError(400, msg);
  }
  const form = new FormData();
  form.append("user", user);
  form.append("file", file);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.token = token;
  let payload: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    const response = await fetch(apiUrl("/user//upload"), { method: "POST", headers, body: form });
    payload = (await response.json()) as typeof payload;
  } catch (cause) {
    const msg = i18next.t("api.network");
    toast.error(msg);
    throw new ApiError(-1, msg, "network", { cause });
  }
  if (payload.code === 0 && typeof payload.data === "string") return payload.data;
  const msg = typeof payload.msg === "string" && payload.msg ? payload.msg : i18next.t("api.failed");
  toast.error(msg);
  throw new ApiError(typeof payload.code === "number" ? payload.code : 500, msg);
}

/** An API location ("/base/api/uploads/…") as an image URL of the configured API origin. */
export function uploadedImageUrl(location: string, apiBase = ""): string {
  return /^https?:\/\//.test(location) ? location : `${apiBase}${location}`;
}
