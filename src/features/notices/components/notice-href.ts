import { paths } from "@/config/paths";

export const noticeHref = (id: number) => `${paths.noticeDetail}?id=${id}`;
