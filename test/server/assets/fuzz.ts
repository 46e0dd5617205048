import fc from "fast-check";

/** Strings that have broken servers before: injections, path tricks, odd unicode, number look-alikes. */
export const NASTY_STRINGS = [
  "' OR 1=1 --",
  "'; drop table users; --",
  '"); delete from ledger; --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000",
  "\u202e",
  "𝕏😀",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1.5",
  "1e9",
  "0x10",
  " 100",
  "100 ",
  "99999999999999999999999999",
  "-99999999999999999999",
  "__proto__",
  "constructor",
  "null",
  "",
];

/** Any value of a wrong kind for a field, including huge ones. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1, 0, 0.5, -0.000001),
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 6000 }),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
);

/**
 * Bodies that are certainly invalid: a valid body with one field dropped, one field replaced by a
 * bad value, or an unknown field added; or no object at all.
 */
export function invalidBody(
  valid: Record<string, unknown>,
  badFor: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const dropOne = fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k)));
  const breakOne = fc
    .constantFrom(...keys)
    .chain((k) => (badFor[k] ?? badValue).map((v) => ({ ...valid, [k]: v })))
    .filter((body) => JSON.stringify(body) !== JSON.stringify(valid));
  const extra = fc
    .tuple(
      fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !keys.includes(k)),
      badValue,
    )
    .map(([k, v]) => ({ ...valid, [k]: v }));
  const notObject = fc.oneof(
    fc.constant([]),
    fc.string({ maxLength: 50 }),
    fc.integer(),
    fc.constant(null),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
  );
  return fc.oneof(
    { arbitrary: dropOne, weight: 2 },
    { arbitrary: breakOne, weight: 5 },
    { arbitrary: extra, weight: 2 },
    { arbitrary: notObject, weight: 1 },
  );
}

export const FUZZ_RUNS = 60;

/** A bad value that also passes `keep` (e.g. never the one valid password). */
export const badValueWhere = (keep: (v: unknown) => boolean) => badValue.filter(keep);

/** Anything but a valid amount string (so a fuzzed body can never succeed by chance). */
export const notAnAmount = badValueWhere((v) => !(typeof v === "string" && /^[1-9][0-9]{0,17}$/.test(v)));
