import type { ReactNode } from "react";
import type { RechargeIconName } from "../utils/recharge-options";

const SIZE = 24;

/** Simplified marks of each payment method, drawn in place: no request, no layout shift (a fixed 24 px box). */
const MARKS: Record<RechargeIconName, { background: string; body: ReactNode }> = {
  wechat: {
    background: "#07c160",
    body: (
      <>
        <ellipse cx="9.5" cy="10" rx="5.5" ry="4.5" fill="#fff" />
        <ellipse cx="15" cy="14" rx="4.5" ry="3.7" fill="#fff" stroke="#07c160" strokeWidth="0.8" />
        <circle cx="7.6" cy="9" r="0.8" fill="#07c160" />
        <circle cx="11.4" cy="9" r="0.8" fill="#07c160" />
        <circle cx="13.6" cy="13.4" r="0.65" fill="#07c160" />
        <circle cx="16.6" cy="13.4" r="0.65" fill="#07c160" />
      </>
    ),
  },
  alipay: {
    background: "#1677ff",
    body: (
      <path
        d="M6 8.2h12M12 5.5v4.2M8 11.3h8.2c-.9 3.1-3.6 5.6-7.6 6.9M10.2 11.6c1.4 2.5 4.3 4.6 8.3 5.7"
        fill="none"
        stroke="#fff"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
  bsc: {
    background: "#1e2026",
    body: (
      <g fill="#f0b90b">
        <path d="M12 9.6 14.4 12 12 14.4 9.6 12z" />
        <path d="M12 4.5l4.4 4.4-1.5 1.5L12 7.5l-2.9 2.9-1.5-1.5z" />
        <path d="M12 19.5l-4.4-4.4 1.5-1.5 2.9 2.9 2.9-2.9 1.5 1.5z" />
        <path d="M5.4 10.5 6.9 12l-1.5 1.5L3.9 12zM18.6 10.5l1.5 1.5-1.5 1.5-1.5-1.5z" />
      </g>
    ),
  },
  tron: {
    background: "#eb0029",
    body: (
      <path
        d="M5.5 6l13 2.6-5.6 10.2z M5.5 6l7.4 12.8 M18.5 8.6l-7.9 1.3"
        fill="none"
        stroke="#fff"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    ),
  },
};

/** The option's icon (specification §3: each recharge option has one); the option's label names it. */
export function RechargeIcon({ name }: { name: RechargeIconName }) {
  const mark = MARKS[name];
  return (
    <svg
      width={SIZE}
      height={SIZE}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ flex: `0 0 ${SIZE}px` }}
      data-testid={`recharge-icon-${name}`}
    >
      <rect width="24" height="24" rx="6" fill={mark.background} />
      {mark.body}
    </svg>
  );
}
