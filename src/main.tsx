import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app";
import { createAppRouter } from "@/app/router";
import { initI18n } from "@/lib/i18n";

// The locale and the first page's code load in parallel; rendering waits for the texts only.
const i18nReady = initI18n();
const router = createAppRouter();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

i18nReady
  .catch((error: unknown) => console.error("Could not load the texts", error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });

// An ES module by syntax, not only by its imports: package.json says "type": "commonjs" (Hardhat
// needs it), so a file without exports is bundled as CommonJS, and every module it reaches is then
// wrapped for lazy start-up; wrapped barrels (viem, wagmi) keep all their exports, which swelled
// the protocol pages by about 90 KB gzip (docs/decisions.md, "Protocol routes' weight").
export {};
