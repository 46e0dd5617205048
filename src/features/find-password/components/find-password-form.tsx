import { useTranslation } from "react-i18next";
import { FundPasswordByEmailFields, useFundPasswordByEmail } from "@/components/fund-password-by-email";
import { Form } from "@/components/ui/form";
import { toast } from "@/lib/toast";
import { useResetFundPassword } from "../api/reset-fund-password";

/** /pages/find-pwd/find-pwd: email, send code (with a countdown), code, new fund password. */
export function FindPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useFundPasswordByEmail();
  const mutation = useResetFundPassword();

  const submit = async () => {
    const fields = form.check();
    if (!fields) return;
    try {
      await mutation.mutateAsync(fields);
    } catch {
      return;
    }
    toast.success(t("findPwd.success"));
    onDone();
  };

  return (
    <Form
      className="card form-stack"
      onSubmit={submit}
      submitLabel={t("findPwd.submit")}
      busy={mutation.isPending}
      submitTestId="find-submit"
    >
      <p className="muted" style={{ margin: 0 }}>
        {t("findPwd.intro")}
      </p>
      <FundPasswordByEmailFields form={form} purpose="forget" passwordLabel={t("findPwd.newPassword")} testId="find" />
    </Form>
  );
}
