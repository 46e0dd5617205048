import { useTranslation } from "react-i18next";
import { useTransactor } from "@/lib/wallet/use-transactor";
import { PROTOCOL_ERRORS_ABI } from "./errors-abi";
import { PRICE_REFUSAL_KEY, priceRefusalOf } from "./price-refusal";

/**
 * The transaction runner with every protocol contract's errors; `key` names the flow (pending tx
 * survives a reload). A refusal of the PEX price says what to do, with the error for support.
 */
export function useProtocolTx(key: string) {
  const { t } = useTranslation();
  return useTransactor({
    key: `protocol:${key}`,
    abi: PROTOCOL_ERRORS_ABI,
    explainRevert: (revert) => {
      const refusal = priceRefusalOf(revert);
      return refusal ? `${t(PRICE_REFUSAL_KEY[refusal])} (${revert})` : null;
    },
  });
}
