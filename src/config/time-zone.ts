/**
 * The zone the specification shows every time in, UTC+8: the shop's day (as its settlement counts
 * it) and the protocol's stake times alike.
 */
export const DISPLAY_TIME_ZONE = "Asia/Shanghai";
