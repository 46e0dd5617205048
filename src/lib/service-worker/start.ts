import { mountOfflineNotice } from "./offline-notice";
import { registerServiceWorker } from "./register";

// Imported once by src/main.tsx. The notice works everywhere; the worker is registered only in
// the production build: Vite's dev server serves no sw.js, and unit tests never import this.
mountOfflineNotice();
if (import.meta.env.PROD) registerServiceWorker();
