/** Invitation codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const INVITATION_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const INVITATION_CODE_LENGTH = 8;
const pattern = new RegExp(`^[${INVITATION_ALPHABET}]{${INVITATION_CODE_LENGTH}}$`);

export function isInvitationCode(value: string): boolean {
  return pattern.test(value);
}

/** Builds a code from random bytes (the caller supplies them: crypto differs by platform). */
export function invitationCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < INVITATION_CODE_LENGTH) throw new Error("need at least 8 random bytes");
  let code = "";
  // 256 is not a multiple of 31, so the first letters are very slightly likelier: harmless for a code
  // whose uniqueness the database enforces and whose secrecy nothing relies on.
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += INVITATION_ALPHABET[bytes[i]! % INVITATION_ALPHABET.length];
  return code;
}
