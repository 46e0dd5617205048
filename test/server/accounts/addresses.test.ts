import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountsApp, agePastResendLimit, call, newUser, textedCode, type AccountsApp } from "./support";

let t: AccountsApp;
let me: string;
let other: string;
/** Both users proved both test phones earlier (the "phone codes" tests below prove them the real way). */
async function provedPhones(address: string) {
  const { id } = await t.db.kysely.selectFrom("users").select("id").where("address", "=", address).executeTakeFirstOrThrow();
  for (const phone of [beijing.phone, shanghai.phone])
    await t.db.kysely.insertInto("verified_phones").values({ user_id: id, phone, verified_at: Date.now() }).execute();
}
beforeEach(async () => {
  t = await accountsApp();
  const [a, b] = [await newUser(t.app), await newUser(t.app)];
  [me, other] = [a.token, b.token];
  await provedPhones(a.address);
  await provedPhones(b.address);
});
afterEach(async () => t.close());

const beijing = {
  receiver: "王小明",
  phone: "13812345678",
  provinceCode: "11",
  cityCode: "1101",
  districtCode: "110105",
  detail: "建国路 88 号 'A' 座; 1201",
};
const shanghai = {
  receiver: "李四",
  phone: "13987654321",
  provinceCode: "31",
  cityCode: "3101",
  districtCode: "310115",
  detail: "世纪大道 100 号",
};
const add = (token: string, payload: unknown) => call(t.app, "POST", "/user/add/addr", { token, payload });
const update = (token: string, payload: unknown) => call(t.app, "POST", "/user/update/addr", { token, payload });
const remove = (token: string, id: number) => call(t.app, "POST", `/user/delete/addr/${id}`, { token });
const list = async (token: string) => (await call(t.app, "POST", "/user/user/addr", { token })).data;
const defaults = async (token: string) =>
  (await list(token)).list.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: number }) => a.id);

describe("addresses", () => {
  it("adds with the region text from the city list; the first address is the default", async () => {
    const a = await add(me, beijing);
    expect(a).toMatchObject({ code: 0, data: { ...beijing, region: "北京市 市辖区 朝阳区", isDefault: true } });
    const b = await add(me, shanghai);
    expect(b.data.isDefault).toBe(false);
    expect(await list(me)).toMatchObject({ total: 2, page: 1, limit: 10, list: [{ id: a.data.id }, { id: b.data.id }] });
  });

  it("keeps exactly one default: setting one clears the others, deleting it promotes the newest", async () => {
    const a = (await add(me, beijing)).data.id;
    const b = (await add(me, shanghai)).data.id;
    const c = (await add(me, { ...beijing, isDefault: true })).data.id;
    expect(await defaults(me)).toEqual([c]);
    expect((await update(me, { id: a, ...beijing, isDefault: true })).data.isDefault).toBe(true);
    expect(await defaults(me)).toEqual([a]);
    // false on the default keeps it: there must be one.
    expect((await update(me, { id: a, ...beijing, isDefault: false })).data.isDefault).toBe(true);
    expect((await remove(me, a)).code).toBe(0);
    expect(await defaults(me)).toEqual([c]);
    expect((await remove(me, c)).code).toBe(0);
    expect(await defaults(me)).toEqual([b]);
    expect((await remove(me, b)).code).toBe(0);
    expect(await list(me)).toMatchObject({ list: [], total: 0 });
  });

  it("keeps one default when adds race", async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => add(me, { ...beijing, isDefault: i % 2 === 0 })));
    expect(await defaults(me)).toHaveLength(1);
    expect((await list(me)).total).toBe(6);
  });

  it("updates all fields", async () => {
    const a = (await add(me, beijing)).data.id;
    const r = await update(me, { id: String(a), ...shanghai });
    expect(r).toMatchObject({ code: 0, data: { id: a, ...shanghai, region: "上海市 市辖区 浦东新区", isDefault: true } });
  });

  it("never lets a user see or change another user's address", async () => {
    const mine = (await add(me, beijing)).data.id;
    expect((await list(other)).total).toBe(0);
    expect(await update(other, { id: mine, ...shanghai })).toMatchObject({ code: 404, key: "address.notFound" });
    expect(await remove(other, mine)).toMatchObject({ code: 404, key: "address.notFound" });
    expect(await remove(me, 999999)).toMatchObject({ code: 404, key: "address.notFound" });
    expect((await list(me)).list[0]).toMatchObject({ id: mine, ...beijing });
  });

  it("refuses region codes that do not form a real chain", async () => {
    for (const codes of [
      { provinceCode: "11", cityCode: "3101", districtCode: "310115" },
      { provinceCode: "31", cityCode: "3101", districtCode: "110105" },
      { provinceCode: "99", cityCode: "9901", districtCode: "990101" },
      { provinceCode: "1101", cityCode: "110105", districtCode: "11" },
    ]) {
      expect(await add(me, { ...beijing, ...codes })).toMatchObject({ code: 400, key: "address.badRegion" });
    }
    expect((await add(me, { ...beijing, provinceCode: "11'; --" })).msg).toBe(
      "Invalid input: provinceCode (provinceCode must be a region code from home/city/list)",
    );
  });

  it("validates phone and text fields", async () => {
    expect(await add(me, { ...beijing, phone: "12812345678" })).toMatchObject({
      code: 400,
      msg: "Invalid input: phone (phone must be 11 digits: 1, then 3 to 9, then 9 digits)",
      key: "api.invalidInput",
    });
    expect((await add(me, { ...beijing, receiver: " " })).msg).toBe("Invalid input: receiver (receiver must not be empty)");
    expect((await add(me, { ...beijing, detail: "<b>x</b>" })).msg).toBe(
      "Invalid input: detail (detail must not contain control characters or < >)",
    );
    expect((await add(me, { ...beijing, detail: "x".repeat(201) })).msg).toBe(
      "Invalid input: detail (detail must be at most 200 characters)",
    );
    expect((await add(me, { ...beijing, isDefault: "yes" })).msg).toBe(
      "Invalid input: isDefault (isDefault must be true or false)",
    );
    expect((await update(me, { ...beijing, id: -1 })).msg).toBe("Invalid input: id (id must be a positive whole number)");
  });

  it("caps the address book at 20", async () => {
    for (let i = 0; i < 20; i++) expect((await add(me, beijing)).code).toBe(0);
    expect(await add(me, beijing)).toMatchObject({
      code: 409,
      msg: "You can keep at most 20 addresses; delete one first",
      key: "address.tooMany",
    });
    expect(await call(t.app, "POST", "/user/user/addr", { token: me, payload: { page: 2, limit: 15 } })).toMatchObject({
      data: { total: 20, page: 2, limit: 15 },
    });
    expect((await call(t.app, "POST", "/user/user/addr", { token: me, payload: { page: 2, limit: 15 } })).data.list).toHaveLength(
      5,
    );
  });
});

describe("phone codes (home/sending/{phone})", () => {
  const phone = "13700001111";
  const sendCode = async (to = phone) => {
    await agePastResendLimit(t.db.kysely, to);
    expect((await call(t.app, "GET", `/home/sending/${to}`)).code).toBe(0);
    return textedCode(t.dataDir, to);
  };
  const needed = {
    code: 400,
    key: "address.phoneCodeNeeded",
  };

  it("an address with a phone the user never proved needs its SMS code; once proved, never again", async () => {
    expect(await add(me, { ...beijing, phone })).toMatchObject(needed);
    const code = await sendCode();
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await add(me, { ...beijing, phone, phoneCode: wrong })).toMatchObject({
      code: 400,
      key: "code.wrong",
      params: { left: 4 },
    });
    expect((await list(me)).total).toBe(0);
    const a = await add(me, { ...beijing, phone, phoneCode: code });
    expect(a).toMatchObject({ code: 0, data: { phone } });
    expect(a.data).not.toHaveProperty("phoneCode");
    // Proved for this user: another address and an edit need no code.
    expect((await add(me, { ...shanghai, phone })).code).toBe(0);
    expect((await update(me, { id: a.data.id, ...beijing, phone, detail: "新地址" })).code).toBe(0);
    // The code was used once: it proves nothing more, to anyone.
    expect(await add(other, { ...beijing, phone, phoneCode: code })).toMatchObject({
      code: 400,
      msg: "This code was already used; ask for a new one",
    });
  });

  it("each user proves a phone for themselves; a code of one phone is no proof of another", async () => {
    const code = await sendCode();
    expect(await add(other, { ...beijing, phone: "13700002222", phoneCode: code })).toMatchObject({
      code: 400,
      msg: "No code was sent for this request; ask for a code first",
    });
    expect((await add(other, { ...beijing, phone, phoneCode: code })).code).toBe(0);
    expect(await add(me, { ...beijing, phone })).toMatchObject(needed);
  });

  it("changing an address to an unproved phone needs the code; a refusal changes nothing", async () => {
    const a = (await add(me, beijing)).data;
    expect(await update(me, { id: a.id, ...beijing, phone })).toMatchObject(needed);
    expect((await list(me)).list[0]).toMatchObject({ phone: beijing.phone });
    // Another user's address is not found before any code is looked at.
    expect(await update(other, { id: a.id, ...beijing, phone, phoneCode: "123456" })).toMatchObject({
      code: 404,
      msg: "Address not found",
    });
    const code = await sendCode();
    expect((await update(me, { id: a.id, ...beijing, phone, phoneCode: code })).data).toMatchObject({ phone });
  });

  it("a full address book is refused before the code is tried", async () => {
    for (let i = 0; i < 20; i++) expect((await add(me, beijing)).code).toBe(0);
    const code = await sendCode();
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await add(me, { ...beijing, phone, phoneCode: wrong })).code).toBe(409);
    const attempts = await t.db.kysely
      .selectFrom("verification_codes")
      .select("attempts")
      .where("target", "=", phone)
      .executeTakeFirstOrThrow();
    expect(Number(attempts.attempts)).toBe(0);
  });

  it("refuses a malformed code", async () => {
    expect(await add(me, { ...beijing, phone, phoneCode: "12ab56" })).toMatchObject({
      code: 400,
      key: "api.invalidInput",
      params: { field: "phoneCode" },
    });
  });
});

describe("home/city/list", () => {
  it("answers the province → city → district tree, public and cacheable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/base/api/home/city/list" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    const json = res.json();
    expect(json.code).toBe(0);
    expect(json.data).toHaveLength(31);
    const beijingNode = json.data.find((p: { code: string }) => p.code === "11");
    expect(beijingNode.name).toBe("北京市");
    expect(beijingNode.children[0]).toMatchObject({ code: "1101", name: "市辖区" });
    expect(beijingNode.children[0].children.find((d: { code: string }) => d.code === "110105").name).toBe("朝阳区");
  });
});
