import { idNumberProblem, normaliseIdNumber } from "@domain/id-number";
import { REAL_NAME_PATTERN } from "@domain/plain-text";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApplicationCard, ApplicationDetails } from "@/components/application-card";
import { Form } from "@/components/ui/form";
import { ImageUpload } from "@/components/ui/image-upload";
import { TextField } from "@/components/ui/text-field";
import { UploadedImage } from "@/components/ui/uploaded-image";
import { toast } from "@/lib/toast";
import { useApplyIdentity } from "../api/apply-identity";
import { type IdentityApplication, useIdentity } from "../api/get-identity";

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
    <Form onSubmit={submit} submitLabel={t("application.submit")} busy={apply.isPending} submitTestId="identity-submit">
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
        purpose="identity"
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
        purpose="identity"
        testId="upload-back"
      />
      {errors.backImage ? <p className="field__error">{errors.backImage}</p> : null}
    </Form>
  );
}

/** What was applied with, the two uploaded sides of the ID card included (private: fetched with the session). */
function IdentityDetails({ app }: { app: IdentityApplication }) {
  const { t } = useTranslation();
  const image = (location: string, alt: string, testId: string) => (
    <UploadedImage className="image-thumb" location={location} purpose="identity" alt={alt} testId={testId} />
  );
  return (
    <ApplicationDetails
      items={[
        [t("identity.realName"), app.realName],
        [t("identity.idNumber"), app.idNumber],
        [t("identity.front"), image(app.frontImage, t("identity.frontImageAlt"), "identity-front-image")],
        [t("identity.back"), image(app.backImage, t("identity.backImageAlt"), "identity-back-image")],
      ]}
    />
  );
}

/** /pages/my/nameAuthentication: the application's status, and the form when there is none or it was rejected. */
export function IdentityScreen({ user }: { user: string }) {
  const { t } = useTranslation();
  return (
    <ApplicationCard id="identity" title={t("identity.title")} query={useIdentity()}>
      {(app) => (app && app.status !== "rejected" ? <IdentityDetails app={app} /> : <IdentityForm user={user} />)}
    </ApplicationCard>
  );
}
