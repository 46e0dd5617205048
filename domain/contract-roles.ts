import { keccak256, toHex } from "viem";

/**
 * The AccessControl roles of our contracts (contracts/access/ProtocolRoles.sol and the token,
 * treasury and feed contracts), as the deploy script grants them and the server's jobs check them.
 */
export const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
export const MANAGER_ROLE = keccak256(toHex("MANAGER_ROLE"));
export const REWARDER_ROLE = keccak256(toHex("REWARDER_ROLE"));
export const UPDATER_ROLE = keccak256(toHex("UPDATER_ROLE"));
/** The DAO's and the Game's recurring jobs: binding inviters, dividends, starting lottery rounds. */
export const OPERATOR_ROLE = keccak256(toHex("OPERATOR_ROLE"));
