import { describe, expect, it } from "vitest";
import { missingSignatures, runCompat } from "../../scripts/protocol/compat";
import { defaultConfig, deployProtocol } from "../../scripts/protocol/deploy-protocol";
import { demoConfigOverrides, seedDemo } from "../../scripts/protocol/seed-demo";
import { ensureCompiled, hre } from "./support/fixture";

describe("compatibility with the existing client's ABI", () => {
  it("every signature of the list succeeds on the demo deployment", async () => {
    await ensureCompiled();
    const protocol = await deployProtocol(hre, { ...defaultConfig, ...demoConfigOverrides() });
    await seedDemo(hre, protocol);
    const results = await runCompat(protocol, await hre.viem.getWalletClients());
    const failed = results.filter((r) => !r.ok).map((r) => `${r.contract}.${r.signature}: ${r.detail}`);
    expect(failed).toEqual([]);
    expect(missingSignatures(results)).toEqual([]);
  });
});
