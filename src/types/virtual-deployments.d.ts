declare module "virtual:deployments" {
  import type { Deployments } from "@domain/deployments";
  /** Addresses of the last deploy, inlined at build time; null when nothing was deployed yet. */
  const deployments: Deployments | null;
  export default deployments;
}
