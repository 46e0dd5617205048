import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import { toast } from "@/lib/toast";
import { invitationLink } from "../utils/invitation-link";
import "./share-popup.css";

const LOGO_SRC = "/favicon.svg";
export const QR_SIZE = 220;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The invitation QR code (with the logo in its centre), the link and a copy button. */
export function InviteQr({ link }: { link: string }) {
  const { t } = useTranslation();
  return (
    <QRCodeSVG
      value={link}
      size={QR_SIZE}
      level="H"
      marginSize={2}
      title={t("invite.qrTitle")}
      imageSettings={{ src: LOGO_SRC, width: 48, height: 48, excavate: true }}
      data-testid="invite-qr"
      data-value={link}
    />
  );
}

export function SharePopup({ open, code, onClose }: { open: boolean; code: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  if (!open) return null;
  const link = code ? invitationLink(code) : "";
  return (
    <BottomSheet open title={t("invite.title")} onClose={onClose} testId="share-popup">
      <div className="share">
        {code ? (
          <>
            <div className="share__qr">
              <InviteQr link={link} />
            </div>
            <p className="share__code">
              {t("invite.code")}: <strong data-testid="share-code">{code}</strong>
            </p>
            <p className="share__link" data-testid="invite-link">
              {link}
            </p>
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="copy-invite-link"
              onClick={() =>
                void copy(link).then((ok) => (ok ? toast.success(t("common.copied")) : toast.error(t("common.copyFailed"))))
              }
            >
              {t("invite.copyLink")}
            </button>
          </>
        ) : (
          <p className="muted">{t("common.loading")}</p>
        )}
      </div>
    </BottomSheet>
  );
}
