import Link from "next/link";
import { NavLink } from "./nav-link";

// The app's name and its main places: the start of every page's header, the signed-in pages' and
// the pages that stand in for one that could not be shown.
export function AppBrand() {
  return (
    <>
      <Link href="/tasks" className="font-semibold">
        Fleet Task Dashboard
      </Link>
      <nav aria-label="Main" className="flex gap-4 text-sm">
        <NavLink href="/tasks">Tasks</NavLink>
        <NavLink href="/locations">Locations</NavLink>
      </nav>
    </>
  );
}
