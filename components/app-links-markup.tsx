import type { ElementType } from "react";

const PLACES = [
  { href: "/tasks", label: "Tasks" },
  { href: "/due", label: "Due" },
  { href: "/locations", label: "Locations" },
] as const;

/**
 * The app's name and main places, drawn with the anchor given: Next's Link once its code is in,
 * a plain link until then (app-links-slot.tsx). One markup, so the swap changes nothing on screen.
 */
export function AppLinksMarkup({ anchor: Anchor, pathname }: { anchor: ElementType; pathname: string }) {
  return (
    <>
      <Anchor href="/tasks" className="font-semibold">
        Fleet Task Dashboard
      </Anchor>
      <nav aria-label="Main" className="flex gap-4 text-sm">
        {PLACES.map(({ href, label }) => {
          const current = pathname.startsWith(href);
          return (
            <Anchor
              key={href}
              href={href}
              aria-current={current ? "page" : undefined}
              className={current ? "font-semibold underline underline-offset-4" : "hover:underline"}
            >
              {label}
            </Anchor>
          );
        })}
      </nav>
    </>
  );
}
