/** Mainland China mobile numbers (specification §5): 11 digits, 1 then 3 to 9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** "13812345678" → "138****5678": enough to recognise one's own number, not to dial it. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : "****";
}
