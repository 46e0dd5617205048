import { HashRouter } from "react-router";
import { AppProvider } from "./provider";
import { AppRoutes } from "./router";

export function App() {
  return (
    <AppProvider>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProvider>
  );
}
