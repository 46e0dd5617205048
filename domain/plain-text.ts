/**
 * Free text that users type (names, addresses, bank branches) and that other screens and the
 * operator show: no control characters and no angle brackets, so it can never be markup even
 * where someone forgets to escape it. Quotes and semicolons are allowed: queries are
 * parameterised, and "No. 5; Building 'A'" is a real address.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f<>]/;

export function plainTextProblem(value: string, label: string, max: number, min = 1): string | null {
  const trimmed = value.trim();
  if (trimmed.length < min) return `${label} must not be empty`;
  if (trimmed.length > max) return `${label} must be at most ${max} characters`;
  if (FORBIDDEN.test(trimmed)) return `${label} must not contain control characters or < >`;
  return null;
}

/** Real names and nicknames: letters (any script), marks, digits for nicknames, and a few separators. */
export const REAL_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}·• .'-]{0,62}[\p{L}\p{M}.]$/u;
export const NICKNAME_PATTERN = /^[\p{L}\p{M}\p{N}_\-.·• ]{1,32}$/u;
export const NICKNAME_MAX = 32;
