import { REJECT_REASON_MAX } from "@domain/account-limits";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/lib/toast";
import type { Queue } from "../api/get-applications";
import { useReviewApplication } from "../api/review-application";
import { TextAreaField } from "./text-area-field";

/** Approve a pending application, or reject it with the reason its applicant will read. */
export function ReviewActions({ queue, id }: { queue: Queue; id: number }) {
  const { t } = useTranslation();
  const review = useReviewApplication(queue);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const busy = review.isPending;
  const approve = () =>
    review.mutate({ id, review: { status: "approved" } }, { onSuccess: () => toast.success(t("console.review.approved")) });
  const reject = () => {
    const text = reason.trim();
    if (!text || text.length > REJECT_REASON_MAX) return setError(t("console.review.reasonNeeded", { max: REJECT_REASON_MAX }));
    review.mutate(
      { id, review: { status: "rejected", reason: text } },
      { onSuccess: () => toast.success(t("console.review.rejected")) },
    );
  };
  if (rejecting)
    return (
      <form
        className="form-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reject();
        }}
      >
        <TextAreaField
          label={t("console.review.reason")}
          hint={error ?? t("console.review.reasonHint")}
          value={reason}
          maxLength={REJECT_REASON_MAX}
          rows={3}
          aria-invalid={error ? true : undefined}
          data-testid={`${queue}-reason-${id}`}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        <div className="console-actions">
          <button type="submit" className="btn btn--danger" disabled={busy} data-testid={`${queue}-confirm-reject-${id}`}>
            {t("console.review.confirmReject")}
          </button>
          <button type="button" className="btn btn--link" onClick={() => setRejecting(false)}>
            {t("console.cancel")}
          </button>
        </div>
      </form>
    );
  return (
    <div className="console-actions">
      <button type="button" className="btn btn--primary" disabled={busy} onClick={approve} data-testid={`${queue}-approve-${id}`}>
        {t("console.review.approve")}
      </button>
      <button
        type="button"
        className="btn btn--danger"
        disabled={busy}
        onClick={() => setRejecting(true)}
        data-testid={`${queue}-reject-${id}`}
      >
        {t("console.review.reject")}
      </button>
    </div>
  );
}
