/** Every call of the accounts area, for the guard and fuzz suites: method, path, whether it needs a session. */
export interface Endpoint {
  method: "GET" | "POST";
  url: string;
  auth: "user" | "admin" | "public";
  /** A body that passes validation (fuzzing mutates it into bodies that must not). */
  valid?: Record<string, unknown>;
}

export const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    url: "/user/register",
    auth: "user",
    valid: { email: "a@example.com", code: "123456", fundPassword: "123456", invitationCode: "DEMA2345" },
  },
  { method: "POST", url: "/user/edit", auth: "user", valid: { nickname: "Alice", oldPassword: "123456", newPassword: "654321" } },
  { method: "POST", url: "/user/download", auth: "public", valid: {} },
  {
    method: "POST",
    url: "/home/forget",
    auth: "public",
    valid: { email: "a@example.com", code: "123456", fundPassword: "123456" },
  },
  { method: "POST", url: "/home/send/email", auth: "public", valid: { email: "a@example.com", purpose: "register" } },
  { method: "GET", url: "/home/sending/13812345678", auth: "public" },
  { method: "POST", url: "/user/upload/base64", auth: "user", valid: { file: "iVBORw0KGgo=" } },
  { method: "POST", url: "/user//upload", auth: "user" },
  {
    method: "POST",
    url: "/user/authApply",
    auth: "user",
    valid: {
      realName: "王小明",
      idNumber: "110105199003071239",
      frontImage: `/base/api/uploads/${"a".repeat(32)}.png`,
      backImage: `/base/api/uploads/${"b".repeat(32)}.png`,
    },
  },
  { method: "POST", url: "/user/auth/info", auth: "user", valid: {} },
  {
    method: "POST",
    url: "/user/bankApply",
    auth: "user",
    valid: { bankName: "中国工商银行", branch: "北京朝阳支行", holder: "王小明", cardNumber: "6222020200112233446" },
  },
  { method: "POST", url: "/user/bank/info", auth: "user", valid: {} },
  { method: "POST", url: "/user/user/addr", auth: "user", valid: { page: 1, limit: 10 } },
  {
    method: "POST",
    url: "/user/add/addr",
    auth: "user",
    valid: {
      receiver: "王小明",
      phone: "13812345678",
      provinceCode: "11",
      cityCode: "1101",
      districtCode: "110105",
      detail: "建国路 88 号",
      isDefault: true,
    },
  },
  {
    method: "POST",
    url: "/user/update/addr",
    auth: "user",
    valid: {
      id: 1,
      receiver: "王小明",
      phone: "13812345678",
      provinceCode: "11",
      cityCode: "1101",
      districtCode: "110105",
      detail: "建国路 88 号",
      isDefault: true,
    },
  },
  { method: "POST", url: "/user/delete/addr/1", auth: "user", valid: {} },
  { method: "GET", url: "/home/city/list", auth: "public" },
  { method: "GET", url: "/user/invite/records/1", auth: "user" },
  { method: "GET", url: "/user/team/info", auth: "user" },
  { method: "GET", url: "/user/chain/inviter", auth: "user" },
  { method: "POST", url: "/user/teams", auth: "user", valid: { page: 1, limit: 10, level: 1 } },
  { method: "POST", url: "/admin/auth/list", auth: "admin", valid: { status: "pending", page: 1, limit: 10 } },
  { method: "POST", url: "/admin/auth/review/1", auth: "admin", valid: { status: "rejected", reason: "照片不清晰" } },
  { method: "POST", url: "/admin/bank/list", auth: "admin", valid: { status: "pending", page: 1, limit: 10 } },
  { method: "POST", url: "/admin/bank/review/1", auth: "admin", valid: { status: "rejected", reason: "卡号不符" } },
];
