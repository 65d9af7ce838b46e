import type { Metadata } from "next";
import { BrandHeader } from "@/components/brand-header";
import { StatusPage } from "@/components/status-page";

export const metadata: Metadata = { title: "Address not valid" };

// What proxy.ts shows (answered 400) for a page address Next cannot decode: a stray "%", bytes that
// are not UTF-8. Before the session check, so it leaves out the signed-in header.
export default function AddressNotValid() {
  return (
    <>
      <BrandHeader />
      <StatusPage title="This address is not valid">
        <p>
          The address has percent-encoding that does not stand for text (a stray “%”, or bytes that are not
          UTF-8), so it cannot name a page. A link may have been cut short or copied wrongly.
        </p>
      </StatusPage>
    </>
  );
}
