import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Toaster } from "@/components/ui/toaster";
import { prefetchUserInfoOnLaunch } from "@/features/user/api/get-user-info";
import { queryClient } from "@/lib/react-query";

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    prefetchUserInfoOnLaunch(queryClient);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
