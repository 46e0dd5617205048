import { useTranslation } from "react-i18next";

interface ConnectButtonProps {
  onClick?: () => void;
  onPointerEnter?: () => void;
  /** Shown with a spinner instead of the label while the wallet loads or connects. */
  busyLabel?: string;
}

export function ConnectButton({ onClick, onPointerEnter, busyLabel }: ConnectButtonProps) {
  const { t } = useTranslation();
  const busy = busyLabel !== undefined;
  return (
    <button
      type="button"
      className="btn btn--primary btn--block"
      data-testid="connect-wallet"
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
      onFocus={onPointerEnter}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : t("login.connect")}
    </button>
  );
}
