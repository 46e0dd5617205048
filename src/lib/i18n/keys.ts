import type consoleTexts from "../../../locales/console/en.json";
import type appTexts from "../../../locales/en.json";

/** A key of the source locale (plural keys by their stem, as `t` takes them with a count). */
type Stem<K> = K extends `${infer S}_${"one" | "other"}` ? S : K;
export type TextKey = Stem<keyof typeof appTexts | keyof typeof consoleTexts>;

/**
 * A key made from data at run time (a status the API sends, a refusal's name): `t` types its
 * keys, and such a key can only be asserted to be one. Its texts are checked where its values
 * are known (the locale tests), and a key without a text reads as itself.
 */
export function dataKey(key: string): TextKey {
  return key as TextKey;
}
