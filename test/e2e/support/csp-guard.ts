import { afterAll, afterEach, expect } from "vitest";
import { takeCspViolations } from "./browser";

/**
 * Setup file of the e2e project: a Content-Security-Policy violation in any page a test opened
 * (through `phoneContext`) fails that test, or the file when it happened in a hook.
 */
afterEach(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
});
afterAll(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
});
