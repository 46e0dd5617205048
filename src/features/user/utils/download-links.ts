import type { AppDownload } from "../api/get-app-download";

export interface DownloadLink {
  platform: "android" | "ios";
  href: string;
}

/** The configured links a page may open: http(s) only, whatever else a configuration holds. */
export function downloadLinks(d: Pick<AppDownload, "androidUrl" | "iosUrl">): DownloadLink[] {
  const links: DownloadLink[] = [];
  for (const [platform, url] of [
    ["android", d.androidUrl],
    ["ios", d.iosUrl],
  ] as const) {
    if (!url || !URL.canParse(url)) continue;
    const { protocol } = new URL(url);
    if (protocol === "https:" || protocol === "http:") links.push({ platform, href: url });
  }
  return links;
}
