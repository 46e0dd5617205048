/** A positive whole id from a query parameter (`?id=3`), or null for anything else. */
export function positiveId(raw: string | null): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
