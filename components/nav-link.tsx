"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const current = usePathname().startsWith(href);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={current ? "font-semibold underline underline-offset-4" : "hover:underline"}
    >
      {children}
    </Link>
  );
}
