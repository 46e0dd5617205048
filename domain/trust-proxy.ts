/**
 * Which proxies a server believes about the client's address (`X-Forwarded-For`) and scheme
 * (`X-Forwarded-Proto`): `TRUST_PROXY` of the API and `WEB_TRUST_PROXY` of the web server.
 *
 * - a hop count: that many proxies directly in front are trusted (`0` trusts none), or
 * - a comma-separated list of addresses and CIDR ranges (`10.0.0.2, 10.1.0.0/16, ::1`), and the
 *   named ranges `loopback`, `linklocal` and `uniquelocal`.
 *
 * The result is what Fastify's `trustProxy` option takes (Fastify ignores a bare number since
 * 5.12, so a hop count becomes a function of the hop). "Trust everyone" is refused: it lets any
 * client name its own address, which undoes every per-client limit. A hop count trusts whoever
 * connects, so it is only safe when nothing else can reach the server directly.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  if (/^(true|\*|all|yes)$/i.test(value)) {
    throw new Error(`"${value}" would believe any client's X-Forwarded-For; give a hop count or the proxies' addresses`);
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("give a hop count (e.g. 1) or the proxies' addresses (e.g. loopback, 10.0.0.2)");
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new Error(`"${entry}" is neither an IP address, a CIDR range (10.0.0.0/8) nor loopback, linklocal or uniquelocal`);
    }
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/** The URL parser validates IPv6 literals the same way in Node and browsers (no node:net here). */
function isIpv6(address: string): boolean {
  if (!address.includes(":") || /[[\]%]/.test(address)) return false;
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}
