import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "../../../domain/trust-proxy";

describe("parseTrustProxy", () => {
  it("reads a list of addresses, CIDR ranges and named ranges, trimmed", () => {
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
    expect(parseTrustProxy(" 10.0.0.2, 10.1.0.0/16 ,::1, fd00::/8,uniquelocal,linklocal")).toEqual([
      "10.0.0.2",
      "10.1.0.0/16",
      "::1",
      "fd00::/8",
      "uniquelocal",
      "linklocal",
    ]);
    expect(parseTrustProxy("::ffff:127.0.0.1")).toEqual(["::ffff:127.0.0.1"]);
  });

  it("reads a hop count as trust in that many proxies, whoever they are; 0 trusts none", () => {
    const two = parseTrustProxy("2");
    expect(typeof two).toBe("function");
    const trusts = two as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trusts("203.0.113.7", hop))).toEqual([true, true, false]);
    expect(parseTrustProxy("0")).toBe(false);
  });

  it("refuses trusting everyone, with the reason", () => {
    for (const value of ["true", "TRUE", "*", "all"]) {
      expect(() => parseTrustProxy(value)).toThrow(/would believe any client's X-Forwarded-For/);
    }
  });

  it("refuses what is not an address, a range or a hop count, naming the bad entry", () => {
    expect(() => parseTrustProxy("")).toThrow(/give a hop count/);
    expect(() => parseTrustProxy(" , ")).toThrow(/give a hop count/);
    expect(() => parseTrustProxy("10.0.0.256")).toThrow(/"10.0.0.256" is neither/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/"10.0.0.0\/33"/);
    expect(() => parseTrustProxy("::1/129")).toThrow(/"::1\/129"/);
    expect(() => parseTrustProxy("10.0.0.1/8/8")).toThrow(/neither/);
    expect(() => parseTrustProxy("proxy.example.com")).toThrow(/"proxy.example.com" is neither/);
    expect(() => parseTrustProxy("loopback, false")).toThrow(/"false" is neither/);
    expect(() => parseTrustProxy("-1")).toThrow(/neither/);
    expect(() => parseTrustProxy("1.5")).toThrow(/neither/);
    expect(() => parseTrustProxy("fe80::1%eth0")).toThrow(/neither/);
    expect(() => parseTrustProxy("[::1]")).toThrow(/neither/);
  });
});
