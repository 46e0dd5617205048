import { LineIcon } from "@/components/ui/line-icon";
import type { TabId } from "@/config/tabs";

const ICON_PATHS: Record<TabId, string> = {
  home: "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z",
  zone: "M12 2.5 21 7.5v9L12 21.5 3 16.5v-9zM12 2.5v19M3 7.5l9 5 9-5",
  assets: "M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zM16 14.5h1.5",
  mine: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM3.5 21a8.5 8.5 0 0 1 17 0",
};

export function TabIcon({ id }: { id: TabId }) {
  return <LineIcon path={ICON_PATHS[id]} className="tab-bar__icon" />;
}
