import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { staleCaches } from "@/lib/service-worker/cache-names";
import { classifyRequest, type RequestFacts } from "@/lib/service-worker/routing-rules";

const ORIGIN = "https://shop.example";

function req(
  path: string,
  opts: { method?: string; mode?: string; headers?: Record<string, string>; origin?: string } = {},
): RequestFacts {
  return {
    url: `${opts.origin ?? ORIGIN}${path}`,
    method: opts.method ?? "GET",
    mode: opts.mode ?? "cors",
    headers: new Headers(opts.headers ?? {}),
  };
}

const kind = (r: RequestFacts) => classifyRequest(r, ORIGIN);

describe("what the service worker may cache", () => {
  it("never touches the API: any method, any path below /base/api, opened as a page too, on any origin", () => {
    for (const path of [
      "/base/api",
      "/base/api/",
      "/base/api/user/info",
      "/base/api/home/product/list?page=1",
      "/base/api/uploads/a.png",
    ]) {
      expect(kind(req(path))).toBe("private");
      expect(kind(req(path, { method: "POST" }))).toBe("private");
      expect(kind(req(path, { mode: "navigate" }))).toBe("private");
      expect(kind(req(path, { origin: "https://api.example" }))).toBe("private");
    }
  });

  it("never touches a request that carries a credential, even for a build file", () => {
    const credentials: Record<string, string>[] = [
      { token: "abc" },
      { "x-admin-token": "0123456789abcdef" },
      { authorization: "Bearer x" },
    ];
    for (const headers of credentials) {
      expect(kind(req("/assets/index-Ab12Cd34.js", { headers }))).toBe("private");
      expect(kind(req("/", { mode: "navigate", headers }))).toBe("private");
      expect(kind(req("/demo/products/steel.svg", { headers }))).toBe("private");
    }
  });

  it("takes page openings (network first) and hashed build files (cache first) of this origin", () => {
    expect(kind(req("/", { mode: "navigate" }))).toBe("navigation");
    expect(kind(req("/pages/my/my", { mode: "navigate" }))).toBe("navigation");
    expect(kind(req("/assets/index-Ab12Cd34.js"))).toBe("asset");
    expect(kind(req("/assets/home-B0ricWYd.css", { mode: "no-cors" }))).toBe("asset");
  });

  it("leaves everything else to the network: other hosts, other methods, unhashed files, queries", () => {
    expect(kind(req("/assets/index-Ab12Cd34.js", { origin: "https://cdn.example" }))).toBe("network");
    expect(kind(req("/", { mode: "navigate", origin: "https://other.example" }))).toBe("network");
    expect(kind(req("/assets/index-Ab12Cd34.js", { method: "POST" }))).toBe("network");
    expect(kind(req("/", { method: "POST", mode: "navigate" }))).toBe("network");
    expect(kind(req("/assets/index-Ab12Cd34.js?v=2"))).toBe("network");
    expect(kind(req("/demo/products/variants/steel-192.avif"))).toBe("network");
    expect(kind(req("/sw.js"))).toBe("network");
    expect(kind(req("/manifest.webmanifest"))).toBe("network");
    // Not the API: only the prefix as a whole path segment is.
    expect(kind(req("/base/apiary", { mode: "navigate" }))).toBe("navigation");
    // Dot segments are resolved before the request goes out: into the API is the API, out of it is not.
    expect(kind(req("/assets/../base/api/user/info"))).toBe("private");
    expect(kind(req("/assets/%2e%2e/base/api/user/info"))).toBe("private");
    expect(kind(req("/base/api/../", { mode: "navigate" }))).toBe("navigation");
  });

  it("classifies no request with a session token, and no API request, as cacheable (any path, method, mode)", () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9._-]{0,12}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom("GET", "POST", "PUT", "DELETE"),
        fc.constantFrom("navigate", "cors", "no-cors", "same-origin"),
        fc.boolean(),
        fc.constantFrom("", "/assets", "/base/api"),
        (segments, method, mode, withToken, prefix) => {
          const path = `${prefix}/${segments.join("/")}`;
          const r = req(path, { method, mode, headers: withToken ? { token: "t" } : {} });
          const k = kind(r);
          // The API's path as the request goes out: dot segments ("/base/api/..") are resolved
          // first, by the browser, so the server never sees the prefix such a path started with.
          const sent = new URL(r.url).pathname;
          const toApi = sent === "/base/api" || sent.startsWith("/base/api/");
          if (withToken || toApi) expect(k).toBe("private");
          if (k === "asset" || k === "navigation") expect(method).toBe("GET");
        },
      ),
    );
  });
});

describe("caches of earlier builds", () => {
  it("are ours but not this build's: deleted on activation; other names are left alone", () => {
    const current = ["pex-shell-v2", "pex-assets-v2"];
    expect(staleCaches(["pex-shell-v1", "pex-assets-v1", "pex-shell-v2", "pex-assets-v2", "someone-else"], current)).toEqual([
      "pex-shell-v1",
      "pex-assets-v1",
    ]);
  });
});
