import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";

/** A JSON envelope reply, as the API sends it. */
export function envelope(data: unknown, code = 0, msg = "success", status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * Stubs fetch with a router of `"METHOD /path"` → reply (a function gets the parsed body).
 * Unknown calls answer 404 like the server. The mock records every call.
 */
export function stubApi(routes: Record<string, (body: unknown) => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input).replace(/^.*\/base\/api/, "");
    const path = url.split("?")[0];
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const handler = routes[`${method} ${path}`];
    return handler ? handler(body) : envelope(null, 404, "Not found", 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** Renders `ui` at `path` inside a memory router and a fresh query client. */
export function renderWithApp(ui: ReactElement, { path = "/", client = testQueryClient() } = {}) {
  const router = createMemoryRouter(
    [
      { path: path.split("?")[0], element: ui },
      { path: "*", element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}
