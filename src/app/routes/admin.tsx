import { ConsoleApp } from "@/features/admin/components/console-app";

export default function AdminRoute() {
  return <ConsoleApp />;
}
