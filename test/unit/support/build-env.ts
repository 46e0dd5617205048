import { parseEnv } from "@/config/env-schema";

/** `virtual:env` in unit tests: what vite.config.mts would parse from this process's variables. */
export default parseEnv(import.meta.env);
