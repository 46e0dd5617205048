import { paths } from "@/config/paths";

/**
 * The invitation link (specification §2): the site root, a hash route and the `invitationCode`
 * parameter. It opens the login page, where a new wallet registers with the code pre-filled
 * (the root layout keeps it under the spread key, across logouts).
 */
export function invitationLink(code: string, siteRoot: string = `${window.location.origin}/`): string {
  const root = siteRoot.endsWith("/") ? siteRoot : `${siteRoot}/`;
  return `${root}#${paths.login}?invitationCode=${encodeURIComponent(code)}`;
}
