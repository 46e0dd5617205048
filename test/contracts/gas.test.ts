import { describe, expect, it } from "vitest";
import { GAS_BUDGET, runGasScenario, STAKING_FUNCTIONS } from "../../scripts/protocol/gas-scenario";
import { ensureCompiled, hre } from "./support/fixture";

describe("gas budgets (docs/gas.md)", () => {
  it("no user action above 300,000 gas; stake, unStake and claimProfit at or below 220,000 in their worst case", async () => {
    await ensureCompiled();
    const { measurements } = await runGasScenario(hre);
    const user = measurements.filter((m) => m.caller !== "operator");
    expect(user.length).toBeGreaterThan(30);
    for (const m of user) {
      const limit = STAKING_FUNCTIONS.includes(m.fn) ? GAS_BUDGET.staking : GAS_BUDGET.userAction;
      expect(m.gas, `${m.contract}.${m.fn} (${m.note})`).toBeLessThanOrEqual(limit);
    }
    for (const fn of STAKING_FUNCTIONS) expect(user.some((m) => m.fn === fn)).toBe(true);
  });
});
