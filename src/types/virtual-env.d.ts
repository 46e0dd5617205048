declare module "virtual:env" {
  import type { Env } from "@/config/env-schema";

  /** The build's VITE_* variables, parsed by vite.config.mts (`parseEnv`). */
  const env: Env;
  export default env;
}
