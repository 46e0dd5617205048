import { Outlet } from "react-router";
import { TabBar } from "@/components/layout/tab-bar";
import { useLinkParams } from "@/hooks/use-link-params";

/** Every route: reads the link parameters (lang, invitationCode). */
export function RootLayout() {
  useLinkParams();
  return <Outlet />;
}

/** The four tab pages share the bottom tab bar. */
export function TabLayout() {
  return (
    <div className="with-tab-bar">
      <Outlet />
      <TabBar />
    </div>
  );
}
