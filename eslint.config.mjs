import fs from "node:fs";
import js from "@eslint/js";
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

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      ".data",
      "artifacts",
      "cache",
      "coverage",
      "src/generated",
      "bench/results",
      "test-results",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
);
