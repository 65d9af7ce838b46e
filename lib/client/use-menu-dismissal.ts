"use client";
import { useEffect, type RefObject } from "react";

// A pop-up menu closes the way menus do: Esc (focus goes back to the button that opened it, so a
// keyboard user is where they started) or a pointer pressed anywhere else. Called by the menu's
// open content, so the listeners exist only while the menu is open and no other key or click pays
// for them.
/** The attribute of an element inside a menu that answers Esc itself, leaving the menu open. */
export const ANSWERS_ESCAPE = "data-answers-escape";

export function useMenuDismissal({
  menu,
  button,
  close,
}: {
  menu: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
  close: () => void;
}): void {
  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    // Esc belongs to the open menu wherever focus is, and to nothing else: caught on its way down
    // (capture, on the window) it never reaches the task drawer's listener on the document.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // A question asked inside the menu (a new name being typed) takes Esc as "never mind" itself.
      if (event.target instanceof Element && event.target.closest(`[${ANSWERS_ESCAPE}]`)) return;
      event.stopPropagation();
      const focus = document.activeElement;
      close();
      // Back to the button from inside the menu; a person who tabbed on elsewhere stays there.
      if (!focus || focus === document.body || element.contains(focus)) button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !element.contains(event.target)) close();
    };
    window.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menu, button, close]);
}
