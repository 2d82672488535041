"use client";

import { PageFailure } from "@/components/shell/page-failure";
import "./globals.css";

/** The shell itself failed (its chat list could not be read): the same page, without the shell. */
export default function GlobalError() {
  return (
    <html lang="en" data-theme="system">
      <body className="h-dvh overflow-hidden font-sans">
        <PageFailure />
      </body>
    </html>
  );
}
