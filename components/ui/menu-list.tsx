"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";
import type { MenuItem } from "./menu";

function itemButtons(menu: HTMLElement | null): HTMLButtonElement[] {
  return menu ? [...menu.querySelectorAll<HTMLButtonElement>("[role=menuitem]")] : [];
}

/** An open menu's items (menu.tsx): the arrows, Home and End move, Escape and Tab leave. */
export function MenuList({
  id,
  label,
  items,
  startAt,
  closeToButton,
  close,
}: {
  id: string;
  label: string;
  items: readonly MenuItem[];
  startAt: number;
  closeToButton: () => void;
  close: () => void;
}) {
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    itemButtons(menu.current)[startAt]?.focus();
  }, [startAt]);

  function onMenuKeyDown(event: KeyboardEvent) {
    const buttons = itemButtons(menu.current);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to =
      event.key === "ArrowDown"
        ? (at + 1) % buttons.length
        : event.key === "ArrowUp"
          ? (at - 1 + buttons.length) % buttons.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? buttons.length - 1
              : null;
    if (to !== null) {
      event.preventDefault();
      buttons[to]?.focus();
    } else if (event.key === "Escape") {
      // Only the menu closes: a sheet or dialog around it stays open.
      event.preventDefault();
      event.stopPropagation();
      closeToButton();
    } else if (event.key === "Tab") close();
  }

  return (
    <ul
      ref={menu}
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={onMenuKeyDown}
      className="absolute right-0 z-20 mt-1 w-48 rounded-md border border-zinc-200 bg-white py-1 shadow dark:border-zinc-800 dark:bg-zinc-950"
    >
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              closeToButton();
              item.onSelect();
            }}
            className="block w-full px-3 py-2 text-left text-sm hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
