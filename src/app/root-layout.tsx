import { Outlet } from "react-router";
import { TabBar } from "@/components/layout/tab-bar";
import { RegistrationPromptProvider } from "@/components/registration-prompt";
import { useLinkParams } from "@/hooks/use-link-params";

/**
 * Every route: reads the link parameters (lang, invitationCode) and holds the one registration
 * prompt that actions needing a registered account show (issue 13).
 */
export function RootLayout() {
  useLinkParams();
  return (
    <RegistrationPromptProvider>
      <Outlet />
    </RegistrationPromptProvider>
  );
}

/** The four tab pages and the protocol pages (the zone tab's) share the bottom tab bar. */
export function TabLayout() {
  return (
    <div className="with-tab-bar">
      <Outlet />
      <TabBar />
    </div>
  );
}
