"use client";

import { usePathname, useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { COMPOSER_SELECTOR, shortcutOf } from "@/components/ui/shortcuts";

// The list of shortcuts is read rarely: its dialog loads the first time "?" asks for it.
const ShortcutsDialog = lazy(() => import("./shortcuts-dialog"));

function focusComposer(): void {
  document.querySelector<HTMLElement>(COMPOSER_SELECTOR)?.focus();
}

/**
 * The app-wide shortcuts (stopping a reply is the Stop button's own) and the dialog that lists
 * them, which gives focus back to where it was when it closes.
 */
export function KeyboardShortcuts() {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [asked, setAsked] = useState(false);
  const router = useRouter();
  const pathname = usePathname();
  // Set by the new-chat shortcut: the home page's field takes focus once it is drawn.
  const focusOnHome = useRef(false);

  useEffect(() => {
    if (pathname !== "/" || !focusOnHome.current) return;
    focusOnHome.current = false;
    focusComposer();
  }, [pathname]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const shortcut = shortcutOf(event, event.target);
      if (shortcut === "new-chat") {
        event.preventDefault();
        dialog.current?.close();
        if (pathname === "/") return focusComposer();
        focusOnHome.current = true;
        router.push("/");
      } else if (shortcut === "focus-composer") {
        event.preventDefault();
        focusComposer();
      } else if (shortcut === "help" && !dialog.current?.open) {
        event.preventDefault();
        returnTo.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        // Once loaded, the dialog stays in the page, closed, for the next time.
        if (dialog.current) dialog.current.showModal();
        else setAsked(true);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [pathname, router]);

  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog
        dialogRef={dialog}
        onClose={() => {
          returnTo.current?.focus();
          returnTo.current = null;
        }}
      />
    </Suspense>
  );
}
