/** Bank card numbers: 12 to 19 digits whose last digit is the Luhn (mod 10) check digit. */
export const CARD_NUMBER_SHAPE = /^\d{12,19}$/;

export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Spaces and dashes are how people copy card numbers; they are not part of the number. */
export function normaliseCardNumber(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** Why `value` (already normalised) is not a card number, or null when it is. */
export function cardNumberProblem(value: string): string | null {
  if (!CARD_NUMBER_SHAPE.test(value)) return "Card number must be 12 to 19 digits";
  if (!isLuhnValid(value)) return "Card number check digit is wrong";
  return null;
}

/** "6222020200112233445" → "6222 **** **** 3445": the bank's own way of showing a card. */
export function maskCardNumber(value: string): string {
  if (value.length < 8) return "****";
  return `${value.slice(0, 4)} **** **** ${value.slice(-4)}`;
}
