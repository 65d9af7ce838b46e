import { AppLinksSlot } from "./app-links-slot";

// The app's name and its main places: the start of every page's header, the signed-in pages' and
// the pages that stand in for one that could not be shown.
export function AppBrand() {
  return <AppLinksSlot />;
}
