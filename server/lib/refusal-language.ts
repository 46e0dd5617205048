import fs from "node:fs";
import path from "node:path";
import { createRefusalTexts, type RefusalTexts } from "../../domain/refusal-language";

const LOCALES = path.resolve(__dirname, "../../locales");

/** The refusals' texts of the catalogues in locales/ (ADR-0196). */
export const loadRefusalTexts = (): RefusalTexts =>
  createRefusalTexts((catalogue) => fs.readFileSync(path.join(LOCALES, `${catalogue}.json`), "utf8"));
