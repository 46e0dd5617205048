import { type FirstLoadPlan, startFirstLoad } from "./first-load";
import { FIRST_SCREEN_WAIT_MS, showFirstScreen, wantsFirstScreen } from "./show-first-screen";
import { sendToSignIn } from "./sign-in-first";
import { appStarter } from "./start-app";

/** Written in by the build (scripts/vite-first-load.ts). */
declare const __FIRST_LOAD_PLAN__: FirstLoadPlan;
// Named once: the build writes the plan in wherever its name stands, and the minifier kept a copy
// per use (0.2 KB gzip on every page).
const plan = __FIRST_LOAD_PLAN__;

const app = appStarter(plan);
try {
  sendToSignIn();
} catch {
  // The app's own guard sends the visitor to sign in.
}
let firstScreen = false;
try {
  firstScreen = wantsFirstScreen();
} catch {
  // The app starts as without it.
}
try {
  startFirstLoad(plan, window);
} catch {
  // The app starts as without it.
}
// A landing page opened without a session starts the app once its first screen has painted, or
// without it when it fails or takes longer than a phone should wait; any other page at once.
try {
  if (firstScreen) {
    showFirstScreen(plan, app.started).then(app.start, app.start);
    setTimeout(app.start, FIRST_SCREEN_WAIT_MS);
  } else app.start();
} catch {
  app.start();
}
