import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { replies } from "../../domain/api/envelope";
import { serializeRepliesBySchema } from "../../server/lib/zod-serialization";

describe("replies written through their response schemas", () => {
  async function appWith() {
    const app = Fastify();
    serializeRepliesBySchema(app);
    const row = { id: 7, amount: 12345678901234567890n, passwordHash: "secret", note: null };
    const shape = z.object({ id: z.number().int(), amount: z.string(), note: z.string().nullable() });
    app.get("/described", { schema: { response: replies(shape) } }, async () => ({ code: 0, msg: "success", data: row }));
    app.get("/undescribed", async () => ({ code: 0, msg: "success", data: row }));
    await app.ready();
    return app;
  }

  it("writes only the fields the schema names, bigint amounts as decimal strings", async () => {
    const app = await appWith();
    const reply = await app.inject("/described");
    expect(reply.json()).toEqual({ code: 0, msg: "success", data: { id: 7, amount: "12345678901234567890", note: null } });
    expect(reply.body).not.toContain("secret");
    await app.close();
  });

  it("a reply without a schema still writes bigint as a decimal string", async () => {
    const app = await appWith();
    const reply = await app.inject("/undescribed");
    expect(reply.json().data.amount).toBe("12345678901234567890");
    await app.close();
  });
});
