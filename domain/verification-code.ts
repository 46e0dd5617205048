/** One-time codes sent by email or SMS: 6 digits, 10 minutes, 5 tries, one send per minute per target. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60 * 1000;
export const CODE_PATTERN = /^\d{6}$/;

export const CODE_PURPOSES = ["register", "forget"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export function isVerificationCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}
