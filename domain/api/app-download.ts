import { z } from "zod";

/** POST user/download: the app and client versions, and the download links (null when not configured). */
export const appDownload = z.object({
  appVersion: z.string(),
  clientVersion: z.number(),
  androidUrl: z.string().nullable(),
  iosUrl: z.string().nullable(),
});
export type AppDownload = z.infer<typeof appDownload>;
