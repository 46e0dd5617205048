/**
 * Resident identity numbers (GB 11643-1999): 18 characters = 6-digit region, 8-digit birth
 * date, 3-digit sequence and a check character (0-9 or X) over ISO 7064 MOD 11-2; the older
 * 15-digit form has a 6-digit birth date in the 1900s and no check character.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = "10X98765432";

export const ID_NUMBER_SHAPE = /^(\d{15}|\d{17}[\dX])$/;

/** Upper-cases a trailing x and trims: users type either. */
export function normaliseIdNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** The check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

function isRealDate(year: number, month: number, day: number, now: Date): boolean {
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return date.getTime() <= now.getTime();
}

/** Why `value` (already normalised) is not a valid ID number, or null when it is. */
export function idNumberProblem(value: string, now = new Date()): string | null {
  if (!ID_NUMBER_SHAPE.test(value)) return "ID number must be 15 digits, or 17 digits followed by a digit or X";
  if (value[0] === "0") return "ID number has an unknown region code";
  if (value.length === 15) {
    if (!isRealDate(1900 + Number(value.slice(6, 8)), Number(value.slice(8, 10)), Number(value.slice(10, 12)), now)) {
      return "ID number has an invalid birth date";
    }
    return null;
  }
  if (!isRealDate(Number(value.slice(6, 10)), Number(value.slice(10, 12)), Number(value.slice(12, 14)), now)) {
    return "ID number has an invalid birth date";
  }
  if (idCheckChar(value.slice(0, 17)) !== value[17]) return "ID number check digit is wrong";
  return null;
}

export function isIdNumber(value: string, now = new Date()): boolean {
  return idNumberProblem(value, now) === null;
}

/** "11010519491231002X" → "1101**********002X". */
export function maskIdNumber(value: string): string {
  if (value.length < 8) return "*".repeat(value.length);
  return `${value.slice(0, 4)}${"*".repeat(value.length - 8)}${value.slice(-4)}`;
}
