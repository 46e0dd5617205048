import type { AppDownload } from "@domain/api/app-download";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /base/api/user/download: the app and client versions and the download links (null when none). */
export type { AppDownload } from "@domain/api/app-download";

export function getAppDownload(): Promise<AppDownload> {
  return api.post<AppDownload>("/user/download", {});
}

/** Configuration of the server: the same for the whole visit. */
export function appDownloadQueryOptions() {
  return queryOptions({ queryKey: ["app-download"], queryFn: getAppDownload, staleTime: Infinity });
}

export function useAppDownload() {
  return useQuery(appDownloadQueryOptions());
}
