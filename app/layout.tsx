import type { Metadata } from "next";
import type { ReactNode } from "react";
import { BODY_CLASS } from "./body-class";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Fleet Task Dashboard", template: "%s · Fleet Task Dashboard" },
  description: "Vehicle maintenance tasks and locations for fleet staff.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className={BODY_CLASS}>{children}</body>
    </html>
  );
}
