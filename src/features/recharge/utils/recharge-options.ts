/**
 * Recharge payment options (specification §3, §9): id 1 WeChat and 2 Alipay for CNY (type 1),
 * 'BSC' and 'TRON' for USDT (type 2). Names are catalogue keys or chain names; each has an icon.
 */
export type RechargeIconName = "wechat" | "alipay" | "bsc" | "tron";

export interface RechargeOption {
  id: 1 | 2 | "BSC" | "TRON";
  type: 1 | 2;
  /** A catalogue key for CNY methods; chain names are not translated. */
  labelKey?: string;
  name?: string;
  icon: RechargeIconName;
}

export const RECHARGE_OPTIONS: readonly RechargeOption[] = [
  { id: 1, type: 1, labelKey: "recharge.wechat", icon: "wechat" },
  { id: 2, type: 1, labelKey: "recharge.alipay", icon: "alipay" },
  { id: "BSC", type: 2, name: "BSC BEP20", icon: "bsc" },
  { id: "TRON", type: 2, name: "TRON TRC20", icon: "tron" },
];

export type RechargeCurrency = "CNY" | "USDT";

export function optionsOf(currency: RechargeCurrency): RechargeOption[] {
  const type = currency === "CNY" ? 1 : 2;
  return RECHARGE_OPTIONS.filter((o) => o.type === type);
}

/** A type-2 account may recharge only in USDT (specification §6). */
export const USDT_ONLY_ACCOUNT_TYPE = 2;
