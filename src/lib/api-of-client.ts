import type { QueryClient } from "@tanstack/react-query";
import { api } from "./api-client";

/** How a query reaches the API: the browser's client (lib/api-client), or the web server's. */
export type Api = Pick<typeof api, "get" | "post">;

const otherApis = new WeakMap<QueryClient, Api>();

/**
 * The API a query function calls, by the query client that runs it (TanStack Query hands every
 * query function its `client`): the browser's, unless the client is a server render's, whose
 * calls go from the web server to the API on behalf of its visitor (src/boot/first-screen.tsx).
 * So one query declaration serves both.
 */
export function apiOf(client: QueryClient): Api {
  return otherApis.get(client) ?? api;
}

/** Sends the queries `client` runs through `other` instead of the browser's API client. */
export function sendQueriesThrough(client: QueryClient, other: Api): void {
  otherApis.set(client, other);
}
