"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { AppLinksMarkup } from "./app-links-markup";

// The header's links as client-side navigations (the query cache stays), with Next's prefetching.
export default function AppLinks() {
  return <AppLinksMarkup anchor={Link} pathname={usePathname()} />;
}
