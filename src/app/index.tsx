import { AppProvider } from "./provider";
import { AppRouter, type createAppRouter } from "./router";

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  );
}
