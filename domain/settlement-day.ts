/**
 * Calendar days of the shop in UTC+8 (the specification shows times in UTC+8). A day is a
 * whole number: days since 1970-01-01 in UTC+8, so the server, the database and the client
 * agree on "today" without time-zone libraries.
 */
export const DAY_MS = 86_400_000;
export const UTC8_OFFSET_MS = 8 * 3_600_000;

/** The UTC+8 day number of an epoch-ms instant. */
export function dayNumber(epochMs: number): number {
  return Math.floor((epochMs + UTC8_OFFSET_MS) / DAY_MS);
}

/** The epoch ms at which `day` begins (00:00 UTC+8). */
export function dayStartMs(day: number): number {
  return day * DAY_MS - UTC8_OFFSET_MS;
}

/** `YYYY-MM-DD` of the UTC+8 calendar date. */
export function dayToIsoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** An order bought on `day` earns from the next day on: the purchase day itself is not paid. */
export function firstEarningDay(purchaseDay: number): number {
  return purchaseDay + 1;
}

/**
 * The days of an order still to be paid on `today`: from the first unsettled day up to today,
 * never beyond the cycle. Days are paid in order, so `daysSettled` is a prefix of the cycle.
 */
export function dueDays(order: { startDay: number; cycleDays: number; daysSettled: number }, today: number): number[] {
  const first = order.startDay + order.daysSettled;
  const last = Math.min(today, order.startDay + order.cycleDays - 1);
  const days: number[] = [];
  for (let d = first; d <= last; d++) days.push(d);
  return days;
}

export interface Quarter {
  year: number;
  quarter: 1 | 2 | 3 | 4;
  /** `2024-Q3` */
  label: string;
}

export function quarterOfDay(day: number): Quarter {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const quarter = (Math.floor(date.getUTCMonth() / 3) + 1) as Quarter["quarter"];
  return { year, quarter, label: `${year}-Q${quarter}` };
}

/** The Monday that starts the week of `day` (1970-01-05, day 4, was a Monday). */
export function weekStartDay(day: number): number {
  return day - ((((day - 4) % 7) + 7) % 7);
}
