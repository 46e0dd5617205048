import parsed from "virtual:env";
import type { Env } from "./env-schema";

export type { Env } from "./env-schema";

/** The build's configuration, checked when it was built (`parseEnv` in vite.config.mts). */
export const env: Env = parsed;
