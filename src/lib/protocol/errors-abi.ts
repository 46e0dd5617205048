import type { Abi } from "viem";
import { daoErrorsAbi } from "@generated/errors/dao";
import { frontErrorsAbi } from "@generated/errors/front";
import { idoErrorsAbi } from "@generated/errors/ido";
import { pexErrorsAbi } from "@generated/errors/pex";
import { spexErrorsAbi } from "@generated/errors/spex";
import { usdbErrorsAbi } from "@generated/errors/usdb";
import { winErrorsAbi } from "@generated/errors/win";
import { win1ErrorsAbi } from "@generated/errors/win1";

/**
 * Every protocol contract's custom errors, so the runner decodes a revert whichever contract raised
 * it. The errors-only modules keep the eight whole ABIs out of every page that writes.
 */
export const PROTOCOL_ERRORS_ABI = [
  ...spexErrorsAbi,
  ...frontErrorsAbi,
  ...pexErrorsAbi,
  ...usdbErrorsAbi,
  ...idoErrorsAbi,
  ...daoErrorsAbi,
  ...winErrorsAbi,
  ...win1ErrorsAbi,
] as Abi;
