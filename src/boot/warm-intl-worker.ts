import { DISPLAY_TIME_ZONE } from "@/config/time-zone";
import { warmDateTimeFormat } from "@/lib/date-time-format";

/**
 * A dedicated worker the boot script starts on a landing page whose first screen shows a time
 * (src/boot/show-first-screen.ts), named with the page's locale: it builds one date formatter and
 * ends. The engine's date and time-zone data it loads is the process's, not this thread's, so the
 * app's own formatters then build in well under a millisecond on the main thread, where the first
 * one took 17–93 ms at 1× (more in a phone-class CPU's blocking time) even when built in a timer
 * task of its own while the screen was on its way (ADR-0226).
 */
warmDateTimeFormat(self.name, DISPLAY_TIME_ZONE);
close();
