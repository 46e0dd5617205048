import { LoginScreen } from "@/features/auth/components/login-screen";
import { RegisterForm } from "@/features/register/components/register-form";

/** Sign in with the wallet; a new address registers on the same page. */
export default function LoginRoute() {
  return <LoginScreen registration={(done) => <RegisterForm onRegistered={done} />} />;
}
