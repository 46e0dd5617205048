/** JSON.stringify that writes bigint as a decimal string (amounts in minor units stay exact). */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}
