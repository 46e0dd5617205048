// Hardhat's library entry (`import hre from "hardhat"`) loads hardhat.config.ts with Node's
// require, which only understands TypeScript once ts-node is registered, as Hardhat's CLI does.
import { createRequire } from "node:module";
import type * as TsNode from "ts-node";

const require = createRequire(import.meta.url);
(require("ts-node") as typeof TsNode).register({
  transpileOnly: true,
  compilerOptions: { module: "commonjs", moduleResolution: "node" },
});
