import { afterAll, afterEach, expect } from "vitest";
import { takeCspViolations, takeHydrationErrors } from "./browser";

/**
 * Setup file of the e2e project: a Content-Security-Policy violation or a hydration warning in
 * any page a test opened (through `phoneContext`) fails that test, or the file when it happened
 * in a hook.
 */
afterEach(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
  expect(takeHydrationErrors(), "hydration warnings").toEqual([]);
});
afterAll(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
  expect(takeHydrationErrors(), "hydration warnings").toEqual([]);
});
