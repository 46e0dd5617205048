import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app";
import { createAppRouter } from "@/app/router";
import { initI18n } from "@/lib/i18n";
import "@/lib/service-worker/start";

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
