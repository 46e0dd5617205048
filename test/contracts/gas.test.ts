import { describe, expect, it } from "vitest";
import { budgetOf, GAS_BUDGET, runGasScenario, STAKING_FUNCTIONS } from "../../scripts/protocol/gas-scenario";
import { ensureCompiled, hre } from "./support/fixture";

describe("gas budgets (docs/gas.md)", () => {
  it("no user action above 300,000 gas; stake, unStake and claimProfit at or below 220,000 in their worst case, stakeWithPermit at or below 240,000", async () => {
    await ensureCompiled();
    const { measurements } = await runGasScenario(hre);
    const user = measurements.filter((m) => m.caller !== "operator");
    expect(user.length).toBeGreaterThan(30);
    for (const m of user) {
      expect(m.gas, `${m.contract}.${m.fn} (${m.note})`).toBeLessThanOrEqual(budgetOf(m.fn));
    }
    for (const fn of STAKING_FUNCTIONS) expect(user.some((m) => m.fn === fn)).toBe(true);
    // Each action that spends PEX or USDB is measured with its permit too, stake in its worst
    // case with the permit's first nonce (a fresh nonce slot and allowance written from zero).
    for (const fn of ["stakeWithPermit", "accelerateProfitWithPermit", "fundWithPermit"]) expect(user.some((m) => m.fn === fn)).toBe(true);
    const permitStake = user.find((m) => m.fn === "stakeWithPermit" && m.note.startsWith("worst case"));
    expect(permitStake?.gas).toBeLessThanOrEqual(GAS_BUDGET.stakeWithPermit);
    // Pricing from the PEX-ETH average keeps bonds and accelerations under 300,000 gas, also
    // when they record the average's next observation (measured both ways).
    const priced = user.filter((m) => ["ethBond", "ethBondWithMin", "lpBond", "accelerateProfit"].includes(m.fn));
    expect(priced.filter((m) => m.note.includes("records the PEX average's observation")).length).toBe(4);
    expect(priced.filter((m) => m.note.includes("inside the average's window")).length).toBe(4);
    for (const m of priced) expect(m.gas, `${m.contract}.${m.fn} (${m.note})`).toBeLessThan(300_000n);
    // A seat's own-stake condition lives in the node's slot the stake path already reads:
    // joinDirector stays within 10 % of its 95,605 gas before it (docs/gas.md of 2026-11-24).
    const join = user.find((m) => m.fn === "joinDirector");
    expect(join?.gas).toBeLessThanOrEqual((95_605n * 110n) / 100n);
  });
});
