import { Suspense, lazy } from "react";
import { PageSpinner } from "@/components/ui/spinner";
import { LoginScreen } from "@/features/auth/components/login-screen";
import { needsRegistration } from "@/lib/session";

// The form is for an address that signed in without an account yet: it loads when one does.
const loadRegisterForm = () => import("@/features/register/components/register-form");
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));

/** Sign in with the wallet; a new address registers on the same page. */
export default function LoginRoute() {
  if (needsRegistration()) void loadRegisterForm().catch(() => undefined);
  return (
    <LoginScreen
      registration={(done) => (
        <Suspense fallback={<PageSpinner />}>
          <RegisterForm onRegistered={done} />
        </Suspense>
      )}
    />
  );
}
