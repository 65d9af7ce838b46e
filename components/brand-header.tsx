import { AppBrand } from "./app-brand";

/**
 * The header of a page outside the signed-in layout (an unknown or a malformed address): the app's
 * name and places, without the session's parts, which a malformed address, answered before the
 * session check, may not have.
 */
export function BrandHeader() {
  return (
    <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
      <AppBrand />
    </header>
  );
}
