import type { Language } from "@/config/languages";

/**
 * The offline notice, in every language of the app. It lives here and not in locales/: it must
 * show when the locale's chunk could not be loaded (offline, not cached yet), and the service
 * worker's last-resort page has no catalogue at all. The Record type keeps all five present,
 * as test/unit/locales.test.ts does for the catalogue.
 */
export const OFFLINE_TEXTS: Record<Language, { title: string; body: string }> = {
  en: { title: "You are offline.", body: "Prices, balances and orders load once you are back online." },
  cn: { title: "网络已断开。", body: "恢复联网后将加载价格、余额和订单。" },
  de: { title: "Sie sind offline.", body: "Preise, Guthaben und Bestellungen laden, sobald Sie wieder online sind." },
  jp: { title: "オフラインです。", body: "オンラインに戻ると価格・残高・注文を読み込みます。" },
  kr: { title: "오프라인 상태입니다.", body: "다시 연결되면 가격, 잔액, 주문을 불러옵니다." },
};
