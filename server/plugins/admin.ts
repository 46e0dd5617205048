import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../lib/errors";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Guards `/base/api/admin/...`: the `x-admin-token` header must equal ADMIN_TOKEN. Without a
 * configured token every admin call is refused (403), so a forgotten setting never opens them.
 * Both sides are hashed first so the comparison is constant-time whatever the lengths.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const configured = request.server.config.adminToken;
  if (!configured) throw forbidden("admin.disabled");
  const header = request.headers["x-admin-token"];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || given.length > 256 || !timingSafeEqual(digest(given), digest(configured))) throw unauthorized("admin.badToken");
}
