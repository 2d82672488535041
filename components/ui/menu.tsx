"use client";

import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from "react";

export type MenuItem = { label: string; onSelect: () => void };

/**
 * Closes what is open when a pointer goes down outside `area`. A touch screen has no Escape, so a
 * tap beside a menu or a panel is how it is put away.
 */
export function useCloseOnOutsidePointer(
  area: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!area.current?.contains(event.target as Node)) close();
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [area, open, close]);
}

/**
 * A button that opens a short list of actions (the menu button pattern): Enter, Space or the arrow
 * keys open it on an item, the arrows, Home and End move, Escape closes it and gives focus back to
 * the button, Tab leaves it. Choosing an item closes the menu with focus on the button first, so a
 * dialog the item opens gives focus back there when it closes.
 */
export function MenuButton({
  label,
  items,
  icon,
  className = "",
}: {
  label: string;
  items: readonly MenuItem[];
  icon: React.ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Which item takes focus when the menu opens: the first, or the last when opened by ArrowUp.
  const [startAt, setStartAt] = useState(0);
  const area = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useCloseOnOutsidePointer(area, open, close);

  useEffect(() => {
    if (open) itemButtons(menu.current)[startAt]?.focus();
  }, [open, startAt]);

  function openAt(index: number) {
    setStartAt(index);
    setOpen(true);
  }

  function closeToButton() {
    setOpen(false);
    button.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt(event.key === "ArrowUp" ? items.length - 1 : 0);
  }

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
    } else if (event.key === "Tab") setOpen(false);
  }

  return (
    <div ref={area} className={`relative shrink-0 ${className}`}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className="rounded-md p-1.5 text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {icon}
      </button>
      {open && (
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
      )}
    </div>
  );
}

function itemButtons(menu: HTMLElement | null): HTMLButtonElement[] {
  return menu ? [...menu.querySelectorAll<HTMLButtonElement>("[role=menuitem]")] : [];
}
