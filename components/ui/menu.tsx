"use client";

import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from "react";

export type MenuItem = { label: string; onSelect: () => void };

// The list is drawn only once the menu opens: it loads then, or as the button is pointed at or focused.
const loadList = () => import("./menu-list");
const MenuList = lazy(() => loadList().then((module) => ({ default: module.MenuList })));

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
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useCloseOnOutsidePointer(area, open, close);

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
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        className="rounded-md p-1.5 text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {icon}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MenuList
            id={id}
            label={label}
            items={items}
            startAt={startAt}
            closeToButton={closeToButton}
            close={close}
          />
        </Suspense>
      )}
    </div>
  );
}
