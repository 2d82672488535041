import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { listChats } from "@/lib/chat/chats/chats";
import { currentVisitor } from "@/lib/http/visitor";
import { ChatListProvider } from "@/components/shell/chat-list-context";
import { AppShell } from "@/components/shell/app-shell";
import { ClockProvider } from "@/components/ui/clock";
import { timeZoneFromCookies } from "@/components/ui/time-zone";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Answerable", template: "%s · Answerable" },
  description: "Interactive UI in agent chats, answered once and proven on the server.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

// Every page, the not-found page included, is rendered per request, so its scripts carry the
// nonce of that response's Content-Security-Policy (proxy.ts); a prerendered page could not.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const visitorId = await currentVisitor();
  const chats = visitorId ? await listChats({ visitorId }) : [];
  const zone = timeZoneFromCookies((await headers()).get("cookie"));
  return (
    <html lang="en">
      <body className="h-dvh overflow-hidden font-sans">
        {/* Relative times are measured from this request's moment, on the server and in the browser alike. */}
        {/* Clock times are drawn in the zone the reader's browser reported, there and here. */}
        <ClockProvider serverNow={requestTime()} zone={zone}>
          <ChatListProvider initial={chats}>
            <AppShell>{children}</AppShell>
          </ChatListProvider>
        </ClockProvider>
      </body>
    </html>
  );
}

/** This request's moment: the layout renders per request, so the clock is read once for it. */
function requestTime(): number {
  return Date.now();
}
