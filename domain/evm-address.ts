/**
 * EVM addresses as typed by a user: "0x" and 40 hex digits in any case. The mixed-case
 * checksum (EIP-55) is not enforced: wallets and exchanges copy addresses in all three cases.
 */
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO_ADDRESS = /^0x0{40}$/;

/** A payable address: well formed and not the zero address (tokens sent there are burnt). */
export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS.test(value) && !ZERO_ADDRESS.test(value);
}

/** The stored form: lowercase, so one address is one string. */
export function normalizeEvmAddress(value: string): `0x${string}` {
  if (!isEvmAddress(value)) throw new RangeError(`not an EVM address: ${value}`);
  return value.toLowerCase() as `0x${string}`;
}
