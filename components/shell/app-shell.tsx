"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { CloseIcon, MenuIcon, PlusIcon } from "@/components/ui/icons";
import { isSharePage } from "./share-page";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { Brand, Sidebar } from "./sidebar";

const ICON_BUTTON = "rounded-md p-2 hover:bg-zinc-100 dark:hover:bg-zinc-900";

/**
 * The frame around every page: the chat list beside the page on a wide screen; on a phone, a
 * slim bar whose menu opens the same list as a sheet (a modal dialog, so focus stays in it and
 * Escape closes it). Pages fill the rest and scroll themselves, so a chat's composer stays pinned.
 */
export function AppShell({ children }: { children: React.ReactNode }) {
  const sheet = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();
  useEffect(() => {
    sheet.current?.close();
  }, [pathname]);
  if (isSharePage(pathname)) {
    return (
      <main id="main" className="h-dvh">
        {children}
      </main>
    );
  }

  return (
    <div className="flex h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <aside
        aria-label="Chat list"
        className="hidden w-72 shrink-0 border-r border-zinc-200 bg-zinc-50 lg:block dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        <Sidebar />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-2 py-1.5 lg:hidden dark:border-zinc-800">
          <button
            type="button"
            aria-label="Open the chat list"
            onClick={() => sheet.current?.showModal()}
            className={ICON_BUTTON}
          >
            <MenuIcon className="size-5" />
          </button>
          <Brand />
          <Link href="/" aria-label="New chat" className={ICON_BUTTON}>
            <PlusIcon className="size-5" />
          </Link>
        </header>
        <Main ownMain={drawsItsOwnMain(pathname)}>{children}</Main>
      </div>
      <dialog
        ref={sheet}
        aria-label="Chat list"
        // A click on the backdrop, or on a link in the list (even to the page already open), closes it.
        onClick={(event) => {
          if (event.target === sheet.current || (event.target as Element).closest("a"))
            sheet.current?.close();
        }}
        className="m-0 h-dvh max-h-none w-80 max-w-[85vw] border-r border-zinc-200 bg-white text-zinc-900 backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100 dark:backdrop:bg-black/70"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
            <Brand />
            <button
              type="button"
              aria-label="Close the chat list"
              onClick={() => sheet.current?.close()}
              className={ICON_BUTTON}
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1">
            <Sidebar />
          </div>
        </div>
      </dialog>
      <KeyboardShortcuts />
    </div>
  );
}

// The API reference's renderer draws a <main> of its own, which must be the page's only one.
const drawsItsOwnMain = (pathname: string) => pathname === "/docs/api";

/** Where the skip link lands: the page's `<main>`, or a plain box around a page that draws its own. */
function Main({ ownMain, children }: { ownMain: boolean; children: React.ReactNode }) {
  const Box = ownMain ? "div" : "main";
  return (
    <Box id="main" className="min-h-0 flex-1">
      {children}
    </Box>
  );
}
