import { keccak256, toHex } from "viem";

/**
 * The AccessControl roles of our contracts (contracts/access/ProtocolRoles.sol and the token,
 * treasury and feed contracts), as the deploy script grants them and the server's jobs check them.
 */
export const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
export const MANAGER_ROLE = keccak256(toHex("MANAGER_ROLE"));
export const REWARDER_ROLE = keccak256(toHex("REWARDER_ROLE"));
export const UPDATER_ROLE = keccak256(toHex("UPDATER_ROLE"));
/** The Game's recurring job: starting lottery rounds (the lottery keeper). */
export const OPERATOR_ROLE = keccak256(toHex("OPERATOR_ROLE"));
/** The DAO's binding of inviters on users' behalf (the invite binder); nothing else. */
export const BINDER_ROLE = keccak256(toHex("BINDER_ROLE"));
/** The DAO's dividend distributions; nothing else. */
export const DIVIDEND_ROLE = keccak256(toHex("DIVIDEND_ROLE"));
