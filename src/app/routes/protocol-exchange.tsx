import { ExchangeScreen } from "@/features/exchange/components/exchange-screen";

/** /pages/protocol/exchange */
export default function ProtocolExchangeRoute() {
  return <ExchangeScreen />;
}
