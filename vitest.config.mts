import path from "node:path";
import { defineConfig } from "vitest/config";
import { localeCatalogues } from "./scripts/lib/vite-locale-catalogues";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "@domain": path.resolve(import.meta.dirname, "domain"),
  "@generated": path.resolve(import.meta.dirname, "generated"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        // The web app's build-time modules (vite.config.mts): unit tests start from no deployment and
        // this process's VITE_* variables.
        resolve: {
          alias: {
            ...alias,
            "virtual:deployments": path.resolve(import.meta.dirname, "test/unit/support/no-deployments.ts"),
            "virtual:env": path.resolve(import.meta.dirname, "test/unit/support/build-env.ts"),
          },
        },
        // The texts in catalogues, as the build cuts them.
        plugins: [localeCatalogues()],
        test: { name: "unit", include: ["test/unit/**/*.test.{ts,tsx}"], environment: "happy-dom" },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          include: ["test/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          // A test app's set-up (migrations, users) is the slow part on a loaded two-core machine.
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "contracts",
          include: ["test/contracts/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/contracts/support/register-ts-node.ts"],
          server: { deps: { external: [/hardhat/, /@nomicfoundation/] } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Several API processes on one PostgreSQL (TEST_DATABASE_URL); `.ci/run` runs it.
        resolve: { alias },
        test: {
          name: "replicas",
          include: ["test/replicas/**/*.test.ts"],
          environment: "node",
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e/support/global-setup.ts"],
          setupFiles: ["test/e2e/support/csp-guard.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // A page's answer in a browser on a busy CI machine: Vitest's default second for
          // expect.poll failed tests whose page was only slow (a fresh context signing in).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // `npm run rehearse`: production's parts on a chain that is not the local one (scripts/rehearsal).
        resolve: { alias },
        test: {
          name: "rehearsal",
          include: ["test/rehearsal/**/*.test.ts"],
          environment: "node",
          testTimeout: 900_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
