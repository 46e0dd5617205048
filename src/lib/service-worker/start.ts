import { mountOfflineNotice } from "./offline-notice";
import { registerServiceWorker } from "./register";

// Imported once by src/main.tsx. The notice works everywhere; the worker is registered only in
// a build (`vite build`'s mode, whatever NODE_ENV says): Vite's dev server serves no sw.js, and
// unit tests (mode "test") never import this.
mountOfflineNotice();
if (import.meta.env.MODE === "production") registerServiceWorker();
