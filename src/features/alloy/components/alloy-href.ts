import { paths } from "@/config/paths";

export const alloyHref = (material: number) => `${paths.alloyDetail}?material=${material}`;
