import { HTML_LANG, type Language } from "@/config/languages";
import { OFFLINE_TEXTS } from "@/lib/service-worker/offline-texts";

/**
 * The worker's last resort for a page opened offline when its cache holds no shell (the
 * browser dropped the storage): the offline notice as a page of its own, without script.
 */
export function offlinePageHtml(lang: Language): string {
  const text = OFFLINE_TEXTS[lang];
  return `<!doctype html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b6e4f">
<title>PEX</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;box-sizing:border-box;background:#f5f6f7;color:#1f2328;font-family:system-ui,sans-serif;text-align:center}h1{font-size:20px}</style>
</head>
<body><main data-testid="offline-notice"><h1>${text.title}</h1><p>${text.body}</p></main></body>
</html>
`;
}
