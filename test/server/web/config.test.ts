import { describe, expect, it } from "vitest";
import { loadWebConfig } from "../../../web-server/config";
import { cspDirectives } from "../../../web-server/content-security-policy";

describe("web server configuration", () => {
  it("forwards to the API on this machine by default, and trusts no proxy in front", () => {
    const config = loadWebConfig({});
    expect(config.apiUpstreams).toEqual(["http://127.0.0.1:8787"]);
    expect(config.trustProxy).toBe(false);
    expect(config.root).toBe("dist");
    expect(config.tls).toBeNull();
    expect(loadWebConfig({ API_HOST: "0.0.0.0", API_PORT: "9000" }).apiUpstreams).toEqual(["http://127.0.0.1:9000"]);
    expect(loadWebConfig({ API_HOST: "::1" }).apiUpstreams).toEqual(["http://[::1]:8787"]);
    expect(loadWebConfig({ API_PROXY_TARGET: "http://10.0.0.5:8787/" }).apiUpstreams).toEqual(["http://10.0.0.5:8787"]);
    expect(loadWebConfig({ WEB_TRUST_PROXY: "10.0.0.1" }).trustProxy).toEqual(["10.0.0.1"]);
  });

  it("takes several API processes from API_UPSTREAMS, which overrides the single upstream", () => {
    const upstreams = "http://127.0.0.1:8787, http://127.0.0.1:8788/,https://api-3.internal:8443";
    expect(loadWebConfig({ API_UPSTREAMS: upstreams, API_PROXY_TARGET: "http://10.0.0.5:8787" }).apiUpstreams).toEqual([
      "http://127.0.0.1:8787",
      "http://127.0.0.1:8788",
      "https://api-3.internal:8443",
    ]);
    expect(loadWebConfig({ API_UPSTREAMS: "" }).apiUpstreams).toEqual(["http://127.0.0.1:8787"]);
  });

  it("refuses a bad value with a message that names it", () => {
    expect(() => loadWebConfig({ WEB_TRUST_PROXY: "true" })).toThrow(/would believe any client's[\s\S]*WEB_TRUST_PROXY/);
    expect(() => loadWebConfig({ WEB_TLS_CERT_FILE: "/tmp/cert.pem" })).toThrow(/both WEB_TLS_CERT_FILE and WEB_TLS_KEY_FILE/);
    expect(() => loadWebConfig({ VITE_RPC_URL: "not a url" })).toThrow(/VITE_RPC_URL/);
    expect(() => loadWebConfig({ WEB_PORT: "70000" })).toThrow(/WEB_PORT/);
    expect(() => loadWebConfig({ API_UPSTREAMS: "http://127.0.0.1:8787,127.0.0.1:8788" })).toThrow(
      /not an http\(s\) origin: 127\.0\.0\.1:8788[\s\S]*API_UPSTREAMS/,
    );
    expect(() => loadWebConfig({ API_UPSTREAMS: "ftp://a:1" })).toThrow(/API_UPSTREAMS/);
    expect(() => loadWebConfig({ API_UPSTREAMS: "http://a:1/base/api" })).toThrow(/API_UPSTREAMS/);
  });
});

describe("Content-Security-Policy", () => {
  const local = { rpcUrl: "http://127.0.0.1:8545", apiBase: null, walletConnect: false };

  it("allows scripts from the app's origin only, and connections to its origin and the chain RPC", () => {
    const d = cspDirectives(local);
    expect(d["script-src"]).toEqual(["'self'"]);
    expect(d["connect-src"]).toEqual(["'self'", "http://127.0.0.1:8545"]);
    expect(d["frame-src"]).toEqual(["'none'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
  });

  it("names an API on another origin, and a path-bearing RPC URL by its origin", () => {
    const d = cspDirectives({
      ...local,
      rpcUrl: "https://bsc.example.org/v1/key?x=1",
      apiBase: "https://api.example.com/prefix",
    });
    expect(d["connect-src"]).toEqual(["'self'", "https://bsc.example.org", "https://api.example.com"]);
    expect(d["img-src"]).toContain("https://api.example.com");
  });

  it("adds WalletConnect's servers and frames only when it is configured", () => {
    const d = cspDirectives({ ...local, walletConnect: true });
    expect(d["connect-src"]).toEqual(expect.arrayContaining(["wss://*.walletconnect.org", "https://*.walletconnect.com"]));
    expect(d["frame-src"]).toEqual(expect.arrayContaining(["https://verify.walletconnect.org"]));
    expect(cspDirectives(local)["connect-src"]!.join(" ")).not.toContain("walletconnect");
  });
});
