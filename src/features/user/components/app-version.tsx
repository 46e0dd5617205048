import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { useAppDownload } from "../api/get-app-download";
import "./my-entries.css";
import { downloadLinks } from "../utils/download-links";

/** The my page's "About": app and client version and the app's download links, from user/download. */
export function AppVersion() {
  const { t } = useTranslation();
  const download = useAppDownload();
  const links = download.data ? downloadLinks(download.data) : [];
  return (
    <Card id="my-about" title={t("my.about.title")}>
      <LoadState isPending={download.isPending} isError={download.isError} onRetry={() => void download.refetch()} />
      {download.data ? (
        <>
          <p style={{ margin: 0 }} data-testid="app-version">
            {t("my.about.version", { version: download.data.appVersion, client: String(download.data.clientVersion) })}
          </p>
          {links.length > 0 ? (
            <ul className="my-downloads">
              {links.map((l) => (
                <li key={l.platform}>
                  <a
                    className="btn btn--secondary btn--block"
                    href={l.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`download-${l.platform}`}
                  >
                    {t(`my.about.download.${l.platform}`)}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted" style={{ margin: 0 }} data-testid="download-none">
              {t("my.about.noDownloads")}
            </p>
          )}
        </>
      ) : null}
    </Card>
  );
}
