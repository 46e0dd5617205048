import { useSyncExternalStore } from "react";
import { getToast, subscribeToast } from "@/lib/toast";
import "./toaster.css";

/** Renders the toast service's current message; screen readers hear it through the live region. */
export function Toaster() {
  const toast = useSyncExternalStore(subscribeToast, getToast, () => null);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="true">
      {toast ? (
        <div key={toast.id} className={`toast toast--${toast.type}`} data-testid="toast" data-type={toast.type}>
          {toast.text}
        </div>
      ) : null}
    </div>
  );
}
