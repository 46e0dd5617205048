import { describe, expect, it } from "vitest";
import { parseApiReplicas, replicaName, replicaPorts, restartDelayMs } from "../../scripts/lib/replicas";

const PG = "postgres://postgres:postgres@127.0.0.1:5432/postgres";

describe("API_REPLICAS (npm start)", () => {
  it("is one API process by default, with SQLite or PostgreSQL", () => {
    expect(parseApiReplicas({})).toBe(1);
    expect(parseApiReplicas({ API_REPLICAS: "" })).toBe(1);
    expect(parseApiReplicas({ API_REPLICAS: "1" })).toBe(1);
    expect(parseApiReplicas({ DATABASE_URL: PG })).toBe(1);
  });

  it("allows several on PostgreSQL, up to 16", () => {
    expect(parseApiReplicas({ API_REPLICAS: "3", DATABASE_URL: PG })).toBe(3);
    expect(parseApiReplicas({ API_REPLICAS: " 16 ", DATABASE_URL: PG })).toBe(16);
  });

  it("refuses more than one on SQLite, saying what to set", () => {
    expect(() => parseApiReplicas({ API_REPLICAS: "2" })).toThrow(
      "API_REPLICAS=2 needs PostgreSQL: set DATABASE_URL. SQLite allows one API process.",
    );
    expect(() => parseApiReplicas({ API_REPLICAS: "3", DATABASE_URL: "" })).toThrow(/API_REPLICAS=3 needs PostgreSQL/);
  });

  it("refuses anything but a whole number from 1 to 16", () => {
    for (const bad of ["0", "17", "-1", "2.5", "1e1", "three", "0x2"]) {
      expect(() => parseApiReplicas({ API_REPLICAS: bad, DATABASE_URL: PG })).toThrow(
        `API_REPLICAS must be a whole number from 1 to 16, got "${bad}".`,
      );
    }
  });

  it("puts the replicas on consecutive ports and names their logs", () => {
    expect(replicaPorts(8787, 1)).toEqual([8787]);
    expect(replicaPorts(8787, 3)).toEqual([8787, 8788, 8789]);
    expect(() => replicaPorts(65534, 3)).toThrow(/past 65535/);
    expect(replicaName(0, 1)).toBe("api");
    expect([0, 1, 2].map((i) => replicaName(i, 3))).toEqual(["api-1", "api-2", "api-3"]);
  });

  it("restarts a dying replica after a delay that doubles up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
