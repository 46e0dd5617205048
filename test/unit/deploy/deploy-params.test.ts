import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyDeployParams, deployParamsFromEnv } from "../../../scripts/protocol/deploy-params";
import { defaultConfig } from "../../../scripts/protocol/protocol-config";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-params-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, body: string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, body);
  return f;
};

describe("deploy parameters (DEPLOY_PARAMS_FILE)", () => {
  it("shortens the durations it names and keeps every other default", () => {
    const params = deployParamsFromEnv({
      DEPLOY_PARAMS_FILE: file(
        "short.json",
        JSON.stringify({ seniorityPeriod: 60, twapWindow: 60, twapMaxAge: 600, bondVesting: 300 }),
      ),
    });
    const config = applyDeployParams(defaultConfig, params);
    expect(config.seniorityPeriod).toBe(60n);
    expect(config.twap).toEqual({ ...defaultConfig.twap, window: 60, maxAge: 600 });
    expect(config.ethBond.vesting).toBe(300n);
    expect(config.lpBond.vesting).toBe(300n);
    expect(config.epochLength).toBe(defaultConfig.epochLength);
    expect(config.proposalDuration).toBe(defaultConfig.proposalDuration);
    expect(applyDeployParams(defaultConfig, deployParamsFromEnv({}))).toEqual(defaultConfig);
    // A testnet faucet's amounts for the PEX-native pool, exact to the wei.
    const small = applyDeployParams(defaultConfig, { poolPex: "500", poolNative: "0.000000000000000001" });
    expect(small.liquidity).toEqual({ pex: 500n * 10n ** 18n, eth: 1n });
  });

  it("refuses a misspelt name, a fraction, a negative and an average shorter than two windows, naming the file", () => {
    const refused = (body: unknown) => () => deployParamsFromEnv({ DEPLOY_PARAMS_FILE: file("bad.json", JSON.stringify(body)) });
    expect(refused({ seniorityPeriodSeconds: 60 })).toThrow(/bad\.json.*Unrecognized key/);
    expect(refused({ epochLength: 1.5 })).toThrow(/epochLength/);
    expect(refused({ proposalDuration: -1 })).toThrow(/proposalDuration/);
    expect(refused({ poolNative: 0.5 })).toThrow(/poolNative/);
    expect(refused({ poolNative: "1e3" })).toThrow(/poolNative.*decimal string/);
    expect(() => deployParamsFromEnv({ DEPLOY_PARAMS_FILE: file("broken.json", "{") })).toThrow(/broken\.json/);
    expect(() => applyDeployParams(defaultConfig, { twapWindow: 600, twapMaxAge: 900 })).toThrow(/two windows/);
  });
});
