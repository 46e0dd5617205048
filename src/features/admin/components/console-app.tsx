import { PageSpinner } from "@/components/ui/spinner";
import { LoadError } from "@/components/ui/load-error";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { useOperatorMe } from "../api/get-operator-me";
import { ConsoleRefusal } from "./console-refusal";
import { ConsoleShell } from "./console-shell";
import "./console.css";

/**
 * The console: its texts first (a namespace of their own, so the shop's text chunks stay as they
 * were; react-i18next loads it on the first render and again after a language switch), then who the signed-in wallet is to the operator API. A refusal
 * (no role) shows the API's own text in the user's language and nothing of the console.
 */
export function ConsoleApp() {
  const { ready } = useTranslation("console");
  const me = useOperatorMe();
  if (!ready || me.isPending) return <PageSpinner />;
  if (me.isError) {
    const error = me.error;
    if (error instanceof ApiError && error.kind === "reply") return <ConsoleRefusal message={error.msg} refusalKey={error.key} />;
    return <LoadError onRetry={() => void me.refetch()} busy={me.isFetching} />;
  }
  return <ConsoleShell me={me.data} />;
}
