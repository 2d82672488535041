"use client";

import { PageFailure } from "@/components/shell/page-failure";

/** A page that failed on the server, inside the app's shell. */
export default function PageError() {
  return <PageFailure />;
}
