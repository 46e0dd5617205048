import "i18next";
import type consoleTexts from "../../../locales/console/en.json";
import type appTexts from "../../../locales/en.json";

/**
 * Typed keys: `t` accepts only a key of `locales/en.json` (the source locale) or of the
 * console's, with the flat keys the app writes.
 */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "shop";
    fallbackNS: ["account", "protocol", "console"];
    keySeparator: false;
    nsSeparator: false;
    /** `{{native}}`: the chain's native coin (options.ts), in every text without being passed. */
    defaultVariables: { native: string };
    resources: {
      shop: typeof appTexts;
      account: typeof appTexts;
      protocol: typeof appTexts;
      console: typeof consoleTexts;
    };
  }
}
