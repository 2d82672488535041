import type { Metadata, Viewport } from "next";
import Link from "next/link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Answerable", template: "%s · Answerable" },
  description: "Interactive UI in agent chats, answered once and proven on the server.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page, the not-found page included, is rendered per request, so its scripts carry the
// nonce of that response's Content-Security-Policy (proxy.ts); a prerendered page could not.
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <header className="border-b border-zinc-200 dark:border-zinc-800">
          <nav aria-label="Main" className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
            <Link href="/" className="font-semibold tracking-tight">
              Answerable
            </Link>
            <span className="text-sm text-zinc-500 dark:text-zinc-400">interactive replies, answered once</span>
          </nav>
        </header>
        <main className="mx-auto max-w-3xl px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
