import { idNumberProblem, normaliseIdNumber } from "@domain/id-number";
import { REAL_NAME_PATTERN } from "@domain/plain-text";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageUpload } from "@/components/ui/image-upload";
import { LoadState } from "@/components/ui/load-state";
import { ApplicationStatus } from "@/components/ui/application-status";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { useApplyIdentity } from "../api/apply-identity";
import { useIdentity } from "../api/get-identity";

type Errors = Partial<Record<"realName" | "idNumber" | "frontImage" | "backImage", string>>;

function IdentityForm({ user }: { user: string }) {
  const { t } = useTranslation();
  const [realName, setRealName] = useState("");
  const [idNumber, setIdNumber] = useState("");
  const [frontImage, setFront] = useState<string | null>(null);
  const [backImage, setBack] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const apply = useApplyIdentity();
  const clear = (field: keyof Errors) => setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = async () => {
    const next: Errors = {};
    const name = realName.trim().normalize("NFC");
    const id = normaliseIdNumber(idNumber);
    if (!REAL_NAME_PATTERN.test(name)) next.realName = t("identity.realNameInvalid");
    if (idNumberProblem(id)) next.idNumber = t("identity.idNumberInvalid");
    if (!frontImage) next.frontImage = t("identity.frontMissing");
    if (!backImage) next.backImage = t("identity.backMissing");
    setErrors(next);
    if (Object.keys(next).length > 0 || !frontImage || !backImage) return;
    try {
      await apply.mutateAsync({ realName: name, idNumber: id, frontImage, backImage });
      toast.success(t("application.submitted"));
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t("identity.realName")}
        placeholder={t("identity.realNamePlaceholder")}
        autoComplete="name"
        value={realName}
        onChange={(e) => {
          setRealName(e.target.value);
          clear("realName");
        }}
        error={errors.realName}
        data-testid="identity-name"
      />
      <TextField
        label={t("identity.idNumber")}
        placeholder={t("identity.idNumberPlaceholder")}
        autoComplete="off"
        maxLength={18}
        value={idNumber}
        onChange={(e) => {
          setIdNumber(e.target.value.toUpperCase());
          clear("idNumber");
        }}
        error={errors.idNumber}
        hint={t("identity.idNumberHint")}
        data-testid="identity-number"
      />
      <ImageUpload
        label={t("identity.front")}
        value={frontImage}
        onChange={(v) => {
          setFront(v);
          clear("frontImage");
        }}
        user={user}
        testId="upload-front"
      />
      {errors.frontImage ? <p className="field__error">{errors.frontImage}</p> : null}
      <ImageUpload
        label={t("identity.back")}
        value={backImage}
        onChange={(v) => {
          setBack(v);
          clear("backImage");
        }}
        user={user}
        testId="upload-back"
      />
      {errors.backImage ? <p className="field__error">{errors.backImage}</p> : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={apply.isPending} data-testid="identity-submit">
        {t("application.submit")}
      </button>
    </form>
  );
}

/** /pages/my/nameAuthentication: the application's status, and the form when there is none or it was rejected. */
export function IdentityScreen({ user }: { user: string }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const app = identity.data;
  return (
    <section className="card" aria-labelledby="identity-title">
      <h2 id="identity-title" className="card__title">
        {t("identity.title")}
      </h2>
      <LoadState isPending={identity.isPending} isError={identity.isError} onRetry={() => void identity.refetch()} />
      {identity.isSuccess ? (
        <div className="form-stack">
          {app ? <ApplicationStatus status={app.status} reason={app.reason} createdAt={app.createdAt} /> : null}
          {app && app.status !== "rejected" ? (
            <dl className="form-stack" style={{ margin: 0 }}>
              <div>
                <dt className="muted">{t("identity.realName")}</dt>
                <dd style={{ margin: 0 }}>{app.realName}</dd>
              </div>
              <div>
                <dt className="muted">{t("identity.idNumber")}</dt>
                <dd style={{ margin: 0 }}>{app.idNumber}</dd>
              </div>
            </dl>
          ) : (
            <IdentityForm user={user} />
          )}
        </div>
      ) : null}
    </section>
  );
}
