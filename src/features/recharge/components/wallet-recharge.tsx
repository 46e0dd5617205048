import { WalletProvider } from "@/lib/wallet/wallet-provider";
import { RechargePanel } from "./recharge-panel";

/** The lazily loaded part of the recharge page: wagmi + RainbowKit and the two transactions. */
export default function WalletRecharge({ account }: { account: string | null }) {
  return (
    <WalletProvider>
      <RechargePanel account={account} />
    </WalletProvider>
  );
}
