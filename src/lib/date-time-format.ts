const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per locale and options, kept: building one (its patterns and the time
 * zone's data) costs many times what formatting with it does, and a list or a page of figures
 * formats dozens of dates per render (a phone-class CPU spent ~5 ms per build on the dashboard).
 * A few locales times a few option sets: the cache stays small in the browser and on the web server.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Builds one formatter and drops it, on a page whose first screen shows a time, in the worker the
 * boot script starts while it waits for that screen (src/boot/warm-intl-worker.ts). The first
 * `Intl.DateTimeFormat` a page builds loads the engine's date and time-zone data: 60–120 ms in one
 * call on a phone-class CPU (4× slowdown), every later one a few. Built after the first paint, it
 * was the middle of the dashboard's longest task (ADR-0221); built on the main thread before it,
 * still one long task (ADR-0226). The data is the process's, not this formatter's or this
 * thread's: the app's own formatters then build in well under a millisecond.
 */
export function warmDateTimeFormat(locale: string, timeZone: string): void {
  try {
    new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone }).format(0);
  } catch {
    // Only a head start: the app builds its own formatters either way.
  }
}
