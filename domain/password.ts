/**
 * Fund passwords guard withdraw and transfer. 6 to 32 printable ASCII characters without
 * spaces: a 6-digit PIN (what users of such apps expect) is the shortest allowed; the server
 * stores it with a slow KDF and limits attempts, which is what makes a short PIN tolerable.
 */
export const FUND_PASSWORD_MIN = 6;
export const FUND_PASSWORD_MAX = 32;
const PRINTABLE_NO_SPACE = /^[\x21-\x7e]+$/;

export function fundPasswordProblem(value: string): string | null {
  if (value.length < FUND_PASSWORD_MIN || value.length > FUND_PASSWORD_MAX) {
    return `Fund password must be ${FUND_PASSWORD_MIN} to ${FUND_PASSWORD_MAX} characters`;
  }
  if (!PRINTABLE_NO_SPACE.test(value)) return "Fund password may only contain letters, digits and ASCII symbols, without spaces";
  return null;
}
