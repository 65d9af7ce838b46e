import type { Metadata } from "next";
import { connection } from "next/server";
import { BrandHeader } from "@/components/brand-header";
import { StatusPage } from "@/components/status-page";

export const metadata: Metadata = { title: "Page not found" };

// An address no page answers (answered 404). Outside the signed-in layout: Next renders it in the
// root layout alone.
export default async function NotFound() {
  // Rendered per request, not prerendered, so its scripts carry the request's CSP nonce (proxy.ts);
  // a prerendered page's scripts would all be refused.
  await connection();
  return (
    <>
      <BrandHeader />
      <StatusPage title="Page not found">
        <p>There is no page at this address. It may have been mistyped, or a link may be out of date.</p>
      </StatusPage>
    </>
  );
}
