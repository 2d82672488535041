import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { listChats } from "@/lib/chat/chats/manage";
import { currentVisitor } from "@/lib/api/page";
import { ChatListProvider } from "@/components/shell/chat-list-context";
import { AppShell } from "@/components/shell/app-shell";
import { ThemeProvider } from "@/components/shell/theme-switch";
import { ClockProvider } from "@/components/ui/clock";
import { readTheme } from "@/components/ui/theme-cookie";
import { THEME_COOKIE } from "@/components/ui/theme";
import { timeZoneFromCookies } from "@/components/ui/time-zone";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Answerable", template: "%s · Answerable" },
  description: "Interactive UI in agent chats, answered once and proven on the server.",
};

const THEME_COLOR = { light: "#ffffff", dark: "#09090b" };

/** The browser's bar takes the page's colour: the chosen theme's, or the device's for "system". */
export async function generateViewport(): Promise<Viewport> {
  const theme = readTheme((await cookies()).get(THEME_COOKIE)?.value);
  return {
    width: "device-width",
    initialScale: 1,
    themeColor:
      theme === "system"
        ? [
            { media: "(prefers-color-scheme: light)", color: THEME_COLOR.light },
            { media: "(prefers-color-scheme: dark)", color: THEME_COLOR.dark },
          ]
        : THEME_COLOR[theme],
  };
}

// Every page, the not-found page included, is rendered per request, so its scripts carry the
// nonce of that response's Content-Security-Policy (proxy.ts); a prerendered page could not.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const visitorId = await currentVisitor();
  const chats = visitorId ? await listChats({ visitorId }) : [];
  const request = await headers();
  const zone = timeZoneFromCookies(request.get("cookie"));
  const theme = readTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    // The theme is in the first markup, so the page never flashes the other one before scripts run.
    <html lang="en" data-theme={theme}>
      <body className="h-dvh overflow-hidden font-sans">
        {/* Relative times are measured from this request's moment, on the server and in the browser alike. */}
        {/* Clock times are drawn in the zone the reader's browser reported, there and here. */}
        <ClockProvider serverNow={requestTime()} zone={zone}>
          <ThemeProvider initial={theme}>
            <ChatListProvider initial={chats}>
              <AppShell>{children}</AppShell>
            </ChatListProvider>
          </ThemeProvider>
        </ClockProvider>
      </body>
    </html>
  );
}

/** This request's moment: the layout renders per request, so the clock is read once for it. */
function requestTime(): number {
  return Date.now();
}
