import { useState } from "react";
import { parseDeadlineMinutes, parseSlippageBps } from "./slippage";

/** The slippage and deadline a trade form keeps: the typed texts and what they parse to. */
export function useTradeLimits() {
  const [slippage, setSlippageText] = useState("1");
  const [minutes, setMinutesText] = useState("20");
  return {
    slippage,
    minutes,
    slippageBps: parseSlippageBps(slippage),
    deadlineMinutes: parseDeadlineMinutes(minutes),
    // Keep what can be typed to the shapes the parsers accept.
    setSlippage: (text: string) => setSlippageText(text.replace(/[^\d.]/g, "").slice(0, 5)),
    setMinutes: (text: string) => setMinutesText(text.replace(/\D/g, "").slice(0, 4)),
  };
}

export type TradeLimits = ReturnType<typeof useTradeLimits>;
