import { useEffect } from "react";
import { useLocation } from "react-router";
import { isLanguage } from "@/config/languages";
import { changeLanguage, currentLanguage } from "@/lib/i18n";
import { setSpread } from "@/lib/session";

/**
 * Link parameters any route may carry: `lang` sets and stores the language (DESIGN.md §1), and
 * `invitationCode` is kept under the spread key for registration (specification §2).
 */
export function useLinkParams(): void {
  const { search } = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const lang = params.get("lang");
    if (isLanguage(lang) && lang !== currentLanguage()) void changeLanguage(lang);
    const invitationCode = params.get("invitationCode")?.trim();
    if (invitationCode) setSpread(invitationCode);
  }, [search]);
}
