import type { Deployments } from "@domain/deployments";

/** `virtual:deployments` in unit tests: a build without a deployment, unless a test mocks one. */
const deployments: Deployments | null = null;
export default deployments;
