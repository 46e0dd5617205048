const bigintAsString = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/**
 * JSON.stringify that writes bigint as a decimal string (amounts in minor units stay exact).
 * Plain JSON.stringify first: it is much faster than running a replacer over every value, and
 * it throws on the first bigint, which is when the replacer pass is worth its cost.
 */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof TypeError && /BigInt/i.test(err.message)) return JSON.stringify(value, bigintAsString);
    throw err;
  }
}
