import type { Kysely } from "kysely";
import { summaryFromHtml } from "../../../domain/notice-summary";
import { DEFAULT_TEAM_REWARD_RATES_PPM, type PayType } from "../../../domain/order-income";
import { DAY_MS, dayNumber, dayStartMs, firstEarningDay } from "../../../domain/settlement-day";
import { placeOrderInTrx } from "../../modules/orders/place-order.service";
import { settleOrderInTrx } from "../../modules/settlement/settlement.service";
import type { Database } from "../../db/schema";
import type { AreaSeed } from "../area-seed";
import { insertProduct } from "../../modules/products/product.repository";

interface DemoProduct {
  slug: string;
  title: string;
  grade: string;
  /** yuan, USDT: written as minor units below */
  cny: number;
  usdt: number;
  ratePpm: number;
  cycleDays: number;
  material: number;
  pieces: number;
  stock: number;
  spec: string;
}

// Every cycle pays back more than the price (rate × days > 100 %): the principal buys the goods.
const PRODUCTS: DemoProduct[] = [
  {
    slug: "aluminium",
    title: "精选铝合金锭 6061",
    grade: "Al 6061",
    cny: 199,
    usdt: 28,
    ratePpm: 8_000,
    cycleDays: 180,
    material: 1,
    pieces: 2,
    stock: 5000,
    spec: "25 kg / 块",
  },
  {
    slug: "copper",
    title: "高纯电解铜板 Cu-CATH-1",
    grade: "Cu 99.99",
    cny: 499,
    usdt: 70,
    ratePpm: 10_000,
    cycleDays: 120,
    material: 2,
    pieces: 3,
    stock: 3000,
    spec: "1000 × 1000 mm",
  },
  {
    slug: "titanium",
    title: "TC4 钛合金型材",
    grade: "TC4",
    cny: 999,
    usdt: 140,
    ratePpm: 12_000,
    cycleDays: 100,
    material: 3,
    pieces: 5,
    stock: 2000,
    spec: "Φ60 × 1000 mm",
  },
  {
    slug: "nickel",
    title: "镍基高温合金棒 718",
    grade: "Inconel 718",
    cny: 1999,
    usdt: 280,
    ratePpm: 13_500,
    cycleDays: 90,
    material: 4,
    pieces: 8,
    stock: 1000,
    spec: "Φ40 × 500 mm",
  },
  {
    slug: "zinc",
    title: "锌铝镁镀层合金卷",
    grade: "ZM 275",
    cny: 299,
    usdt: 42,
    ratePpm: 9_000,
    cycleDays: 150,
    material: 1,
    pieces: 3,
    stock: 4000,
    spec: "1.5 mm × 1250 mm",
  },
  {
    slug: "magnesium",
    title: "稀土镁合金块 WE43",
    grade: "WE43",
    cny: 2999,
    usdt: 420,
    ratePpm: 15_000,
    cycleDays: 80,
    material: 5,
    pieces: 10,
    stock: 500,
    spec: "10 kg / 块",
  },
  {
    slug: "tungsten",
    title: "钨钢合金刀具套装",
    grade: "YG8",
    cny: 699,
    usdt: 98,
    ratePpm: 11_000,
    cycleDays: 110,
    material: 2,
    pieces: 4,
    stock: 0,
    spec: "12 件 / 套",
  },
  {
    slug: "steel",
    title: "316L 不锈钢精密管材",
    grade: "SUS 316L",
    cny: 5999,
    usdt: 840,
    ratePpm: 16_000,
    cycleDays: 75,
    material: 5,
    pieces: 20,
    stock: 200,
    spec: "Φ25 × 2 × 6000 mm",
  },
];

const percent = (ppm: number) => `${(ppm / 10_000).toFixed(2)}%`;

function description(p: DemoProduct): string {
  return [
    `<h3>产品介绍</h3>`,
    `<p>${p.title}（牌号 <strong>${p.grade}</strong>），国标检测，批次可追溯，由合作冶炼厂直供。</p>`,
    `<ul>`,
    `<li>规格：${p.spec}</li>`,
    `<li>每日收益：${percent(p.ratePpm)}，周期 ${p.cycleDays} 天</li>`,
    `<li>赠送：合金原料${p.material}号 × ${p.pieces}</li>`,
    `</ul>`,
    `<p><img src="/demo/products/${p.slug}.svg" alt="${p.title}" width="300" height="300"></p>`,
    `<p><em>收益按北京时间（UTC+8）每日结算至可提现 USDT 余额。</em></p>`,
  ].join("");
}

const NOTICES = [
  {
    title: "平台正式上线公告",
    daysAgo: 120,
    html: "<h3>欢迎来到合金商城</h3><p>即日起，商城支持 <strong>CNY 投资余额</strong> 与 <strong>USDT</strong> 两种方式购买。</p><ul><li>每日收益北京时间零点后结算</li><li>邀请好友可获团队奖励</li></ul>",
  },
  {
    title: "合金原料发放规则",
    daysAgo: 90,
    html: "<p>每笔订单按商品说明赠送<strong>合金原料1号至5号</strong>。原料总量有限，发完即止；发放不足时按剩余数量发放。</p>",
  },
  {
    title: "团队奖励规则说明",
    daysAgo: 60,
    html: "<p>团队成员每日收益结算时，直推上级获得其收益的 <strong>10%</strong>，二级上级获得 <strong>5%</strong>，奖励计入可提现 USDT 余额。</p>",
  },
  {
    title: "谨防诈骗提醒",
    daysAgo: 30,
    html: '<p>平台工作人员<strong>不会</strong>索要您的私钥或资金密码。</p><script>alert("此脚本不应执行：公告内容必须经过净化")</script><p><img src="/demo/products/quality.svg" alt="安全提示" width="200" height="200" onerror="alert(1)"></p>',
  },
  {
    title: "系统维护通知",
    daysAgo: 7,
    html: "<p>为提升服务质量，平台将于本周日 <b>02:00–04:00</b>（北京时间）进行系统维护，期间提现暂停，收益照常结算。</p>",
  },
  {
    title: "新品上架：316L 不锈钢精密管材",
    daysAgo: 1,
    html: '<p>新品 <a href="#/pages/index/index">316L 不锈钢精密管材</a> 已上架，日收益 1.60%，赠送合金原料5号 × 20。</p>',
  },
];

/** Demo purchases: who (demo account), which product (index above), how, how many days ago. */
const ORDERS: { account: number; product: number; payType: PayType; daysAgo: number }[] = [
  { account: 1, product: 0, payType: 2, daysAgo: 95 },
  { account: 1, product: 2, payType: 1, daysAgo: 30 },
  { account: 1, product: 5, payType: 2, daysAgo: 12 },
  { account: 2, product: 1, payType: 2, daysAgo: 25 },
  { account: 2, product: 4, payType: 2, daysAgo: 7 },
  { account: 3, product: 0, payType: 1, daysAgo: 20 },
  { account: 3, product: 3, payType: 1, daysAgo: 9 },
];

/**
 * Shop demo data: products with images under public/demo/products, notices (one carries a
 * script the client must not run), and a few past orders of the demo users settled day by
 * day, so the earnings pages, records and team rewards have history.
 */
export const shopSeed: AreaSeed = async (trx: Kysely<Database>, { userIds, now }) => {
  const productIds: bigint[] = [];
  for (const [i, p] of PRODUCTS.entries()) {
    const row = await insertProduct(trx, {
      title: p.title,
      images: JSON.stringify([`/demo/products/${p.slug}.svg`, "/demo/products/quality.svg"]),
      description_html: description(p),
      price_cny: BigInt(p.cny) * 100n,
      price_usdt: BigInt(p.usdt) * 1_000_000n,
      stock: p.stock,
      daily_rate_ppm: p.ratePpm,
      cycle_days: p.cycleDays,
      alloy_material: p.material,
      alloy_pieces: p.pieces,
      status: "on_sale",
      sort: i + 1,
      created_at: now - 150 * DAY_MS,
      updated_at: now - 150 * DAY_MS,
    });
    productIds.push(BigInt(row.id));
  }

  const noticeIds: bigint[] = [];
  for (const n of NOTICES) {
    const at = now - n.daysAgo * DAY_MS;
    const row = await trx
      .insertInto("notices")
      .values({ title: n.title, summary: summaryFromHtml(n.html, 100), content_html: n.html, published_at: at, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    noticeIds.push(BigInt(row.id));
  }
  const alice = userIds.get(1);
  if (alice !== undefined) {
    for (const id of noticeIds.slice(0, 3))
      await trx.insertInto("notice_reads").values({ user_id: alice, notice_id: id, read_at: now }).execute();
  }

  const orders: { id: bigint; startDay: number }[] = [];
  for (const o of ORDERS) {
    const userId = userIds.get(o.account);
    if (userId === undefined) continue;
    const at = now - o.daysAgo * DAY_MS;
    const placed = await placeOrderInTrx(trx, userId, { productId: productIds[o.product]!, payType: o.payType }, at);
    orders.push({ id: BigInt(placed.id), startDay: firstEarningDay(dayNumber(at)) });
  }
  // Settle day by day, each credit timed at 00:05 UTC+8 of its day, as the job would have.
  const today = dayNumber(now);
  const first = today - Math.max(...ORDERS.map((o) => o.daysAgo));
  for (let day = first; day <= today; day++) {
    const at = Math.min(now, dayStartMs(day) + 5 * 60_000);
    for (const o of orders) {
      if (day >= o.startDay) await settleOrderInTrx(trx, o.id, day, { rewardRatesPpm: DEFAULT_TEAM_REWARD_RATES_PPM }, at);
    }
  }
};
