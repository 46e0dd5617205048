import type { RehearsalPorts } from "./stack";

/** The rehearsal's ports: its own, so it runs beside `npm start`, the browser tests and the bench. */
export function rehearsalPorts(env: NodeJS.ProcessEnv = process.env): RehearsalPorts {
  return {
    chain: Number(env.REHEARSAL_CHAIN_PORT ?? 26545),
    api: Number(env.REHEARSAL_API_PORT ?? 26787),
    web: Number(env.REHEARSAL_WEB_PORT ?? 26443),
  };
}
