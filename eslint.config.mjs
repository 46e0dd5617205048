import fs from "node:fs";
import js from "@eslint/js";
import json from "@eslint/json";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Code flows shared → features → app (bulletproof-react): a feature never imports another
// feature, and shared code imports neither features nor the app.
const featureNames = fs.existsSync("src/features")
  ? fs
      .readdirSync("src/features", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const featureBoundaries = featureNames.map((name) => ({
  files: [`src/features/${name}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["@/features/*", `!@/features/${name}`, `!@/features/${name}/**`, "**/features/*"],
            message: "Features may not import each other: move the shared piece to src/components, src/lib or domain/.",
          },
          { group: ["@/app/*", "**/app/*"], message: "Features may not import the app layer." },
        ],
      },
    ],
  },
}));

// The generated hooks import React (wagmi) and `virtual:deployments`, which only the web app's
// build provides: everything else reads the contracts through the ABIs (ADR-0153).
const webOnlyHooks = {
  group: ["**/generated/contracts", "@generated/contracts", "**/generated/hooks/*", "@generated/hooks/*"],
  message: "The generated hooks belong to the web app: import the ABIs from generated/abis.",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "dist-ssr",
      ".data",
      "artifacts",
      "cache",
      "coverage",
      "generated",
      "bench/results",
      "test-results",
    ],
  },
  // The locale files: a duplicate key would silently win over its twin in JSON.parse, and the
  // keys stay sorted so that the five files line up and diffs stay small.
  {
    files: ["locales/**/*.json"],
    plugins: { json },
    language: "json/json",
    rules: { ...json.configs.recommended.rules, "json/sort-keys": "error" },
  },
  { ...js.configs.recommended, files: ["**/*.{js,mjs,cjs,ts,tsx,mts}"] },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: c.files ?? ["**/*.{js,mjs,cjs,ts,tsx,mts}"] })),
  {
    files: ["**/*.{ts,tsx,mts}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/components/**", "src/lib/**", "src/config/**", "src/hooks/**", "domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*", "@/app/*", "**/features/*", "**/app/*"],
              message: "Shared code may not import features or the app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-dom", "fastify", "kysely", "@/*", "../server/*", "../src/*"],
              message: "domain/ holds pure rules only.",
            },
            webOnlyHooks,
          ],
        },
      ],
    },
  },
  // The web server and the API meet over HTTP only: neither imports the other (ADR-0144,
  // "Web server and proxies"), so each can be deployed, tested and changed alone.
  {
    files: ["web-server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/*", "@/*", "**/src/*"], message: "The web server imports neither the API nor the web app." },
            webOnlyHooks,
          ],
        },
      ],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/web-server/*"], message: "The API does not import the web server." }, webOnlyHooks] },
      ],
    },
  },
  {
    files: ["scripts/**", "bench/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [webOnlyHooks] }] },
  },
  ...featureBoundaries,
);
