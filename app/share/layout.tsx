import type { Metadata } from "next";

// A share link's page is for whoever holds the link, never for a search engine, and its address
// (the token) goes to no other site.
export const metadata: Metadata = {
  robots: { index: false, follow: false, nocache: true },
  referrer: "no-referrer",
};

export default function ShareLayout({ children }: { children: React.ReactNode }) {
  return children;
}
