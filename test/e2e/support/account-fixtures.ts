import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { mailedCode } from "./outbox";

export { mailedCode, textedCode } from "./outbox";

/** Registers a signed-in account over HTTP (email code from the outbox), as the registration form does. */
export async function registerOverHttp(apiUrl: string, dataDir: string, token: string, email: string, fundPassword: string) {
  const post = async (p: string, body: unknown) =>
    (await (
      await fetch(`${apiUrl}/base/api${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", token },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg: string; data: Record<string, unknown> };
  const since = Date.now() - 1000;
  const sent = await post("/home/send/email", { email, purpose: "register" });
  if (sent.code !== 0) throw new Error(`send code: ${sent.msg}`);
  const code = await mailedCode(dataDir, email, since);
  const reply = await post("/user/register", { email, code, fundPassword });
  if (reply.code !== 0) throw new Error(`register: ${reply.msg}`);
  return reply.data;
}

/** axe-core: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string, exclude: string[] = []) {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, name).toEqual([]);
}

/** The text of the toast once one shows. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId("toast");
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

/** A 2×2 PNG (valid signature and chunks), different per `seed` so two uploads differ. */
export function tinyPng(seed: number): Buffer {
  const base = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
    "base64",
  );
  // Extra bytes after IEND keep the image valid and make each file distinct.
  return Buffer.concat([base, Buffer.from([seed & 0xff])]);
}
