import { Suspense, lazy } from "react";
import { useAfterHydration } from "@/hooks/use-after-hydration";
import { useIsLoggedIn } from "@/hooks/use-is-logged-in";
import { getStoredAddress } from "@/lib/session";

// Only a signed-in visitor can get the daily reward: nobody else downloads it.
const CheckinOverlay = lazy(() => import("./checkin-overlay").then((m) => ({ default: m.CheckinOverlay })));

/**
 * The daily reward, for a signed-in visitor, once the app has taken the web server's first screen
 * over (its code is not in a first screen). A component of its own: the switch after the hydration
 * re-renders it alone, not the page around it (ADR-0221).
 */
export function CheckinWhenSignedIn() {
  const loggedIn = useIsLoggedIn();
  const hydrated = useAfterHydration();
  const address = loggedIn && hydrated ? getStoredAddress() : null;
  return address ? (
    <Suspense fallback={null}>
      <CheckinOverlay key={address} address={address} />
    </Suspense>
  ) : null;
}
