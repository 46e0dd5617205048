import { expect } from "vitest";

/**
 * Waits until the API holds a reading of the protocol's figures (ADR-0209), as it does once it has
 * run a while: right after the stack starts, its first reading can take the local node longer than
 * the second the web server gives a first screen, and the dashboard is then painted by the app.
 */
export async function figuresRead(apiUrl: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const reply = (await (await fetch(`${apiUrl}/base/api/protocol/figures`)).json()) as { data?: { figures: unknown } };
        return reply.data?.figures != null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
