import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AddressForm } from "@/features/addresses/components/address-form";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

const KNOWN = "13812345678";
const NEW = "13700001111";
const cities = [
  { code: "11", name: "北京市", children: [{ code: "1101", name: "市辖区", children: [{ code: "110105", name: "朝阳区" }] }] },
];
const saved = {
  id: 2,
  receiver: "张三",
  phone: NEW,
  provinceCode: "11",
  cityCode: "1101",
  districtCode: "110105",
  region: "x",
  detail: "y",
  isDefault: false,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: "ok", data }));
    if (url.endsWith("/user/user/addr"))
      return ok({ list: [{ ...saved, id: 1, phone: KNOWN, isDefault: true }], total: 1, page: 1, limit: 20 });
    if (url.endsWith("/home/city/list")) return ok(cities);
    if (url.includes("/home/sending/")) return ok({ expiresIn: 600, resendIn: 60 });
    if (url.endsWith("/user/add/addr")) return ok(saved);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(part));

async function fillAddress(phone: string) {
  await screen.findByTestId("region-province");
  await waitFor(() => expect(calls("/user/user/addr")).toHaveLength(1));
  fill("address-receiver", "张三");
  fill("address-phone", phone);
  fill("region-province", "11");
  fill("region-city", "1101");
  fill("region-district", "110105");
  fill("address-detail", "建国路 1 号");
}

describe("address form and the phone's SMS code", () => {
  it("a number already in the user's addresses needs no code", async () => {
    const onSaved = vi.fn();
    renderWithClient(<AddressForm id={null} onSaved={onSaved} />);
    await fillAddress(KNOWN);
    expect(screen.queryByTestId("address-phone-code")).toBeNull();
    expect(screen.queryByTestId("address-send-code")).toBeNull();
    fireEvent.click(screen.getByTestId("address-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(calls("/user/add/addr")[0]![1].body)).not.toHaveProperty("phoneCode");
  });

  it("a new number: sends the SMS code, refuses to save without it, then saves with it", async () => {
    const onSaved = vi.fn();
    renderWithClient(<AddressForm id={null} onSaved={onSaved} />);
    await fillAddress(NEW);
    expect(screen.getByTestId("address-phone-code")).toBeTruthy();
    fireEvent.click(screen.getByTestId("address-send-code"));
    await waitFor(() => expect(calls(`/home/sending/${NEW}`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("address-send-code").textContent).toMatch(/^Resend in \d+ s$/));
    fireEvent.click(screen.getByTestId("address-save"));
    expect(screen.getByText("Enter the 6-digit code.")).toBeTruthy();
    expect(calls("/user/add/addr")).toHaveLength(0);
    fill("address-phone-code", "12a3456");
    expect((screen.getByTestId("address-phone-code") as HTMLInputElement).value).toBe("123456");
    fireEvent.click(screen.getByTestId("address-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(calls("/user/add/addr")[0]![1].body)).toMatchObject({ phone: NEW, phoneCode: "123456" });
  });

  it("asks nothing before the number is complete", async () => {
    renderWithClient(<AddressForm id={null} onSaved={vi.fn()} />);
    await fillAddress("1370000");
    expect(screen.queryByTestId("address-phone-code")).toBeNull();
  });
});
