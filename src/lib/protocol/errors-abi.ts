import type { Abi } from "viem";
import { daoAbi, frontAbi, idoAbi, pexAbi, spexAbi, usdbAbi, win1Abi, winAbi } from "@generated/abis";

/** Every protocol contract's custom errors, so the runner decodes a revert whichever contract raised it. */
export const PROTOCOL_ERRORS_ABI = [
  ...spexAbi,
  ...frontAbi,
  ...pexAbi,
  ...usdbAbi,
  ...idoAbi,
  ...daoAbi,
  ...winAbi,
  ...win1Abi,
].filter((item) => item.type === "error") as Abi;
