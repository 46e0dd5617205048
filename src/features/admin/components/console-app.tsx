import { PageSpinner } from "@/components/ui/spinner";
import { LoadError } from "@/components/ui/load-error";
import { ApiError } from "@/lib/api-client";
import { useOperatorMe } from "../api/get-operator-me";
import { useConsoleLanguage } from "../i18n/console-locale";
import { ConsoleRefusal } from "./console-refusal";
import { ConsoleShell } from "./console-shell";
import "./console.css";

/**
 * The console: its texts first, then who the signed-in wallet is to the operator API. A refusal
 * (no role) shows the API's own text in the user's language and nothing of the console.
 */
export function ConsoleApp() {
  const language = useConsoleLanguage();
  const me = useOperatorMe();
  if (!language || me.isPending) return <PageSpinner />;
  if (me.isError) {
    const error = me.error;
    if (error instanceof ApiError && error.kind === "reply") return <ConsoleRefusal message={error.msg} refusalKey={error.key} />;
    return <LoadError onRetry={() => void me.refetch()} busy={me.isFetching} />;
  }
  return <ConsoleShell me={me.data} />;
}
