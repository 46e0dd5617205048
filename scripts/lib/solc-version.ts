/**
 * The compiler's long version as explorers name it. solc-bin's list (which Etherscan, BscScan and
 * hardhat-verify follow) names a release `0.8.28+commit.7893614a`; solcjs adds its platform
 * (`0.8.28+commit.7893614a.Emscripten.clang`), a name no explorer accepts.
 */
const RELEASE = /^(\d+\.\d+\.\d+\+commit\.[0-9a-f]{8})(?:\.[A-Za-z0-9.]+)?$/;

export function explorerLongVersion(solcVersion: string): string {
  const match = RELEASE.exec(solcVersion);
  if (!match) throw new Error(`not a release compiler version: ${solcVersion}`);
  return match[1]!;
}

/** Whether `longVersion` is a release name an explorer accepts (`v` + it is on its list). */
export function isExplorerLongVersion(longVersion: string): boolean {
  return /^\d+\.\d+\.\d+\+commit\.[0-9a-f]{8}$/.test(longVersion);
}
