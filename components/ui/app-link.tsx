"use client";

import { useRouter } from "next/navigation";

/** A click the browser should handle itself: a new tab or window, a download, another button. */
function browserHandles(event: React.MouseEvent<HTMLAnchorElement>): boolean {
  const { target } = event.currentTarget;
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== "" && target !== "_self") ||
    event.currentTarget.hasAttribute("download")
  );
}

/**
 * A link to a page of the app that moves there as Next's `Link` does, without reloading (the
 * shell and its chat list stay), for a small part of `Link`'s script, which every page would
 * load: a plain click goes through the router; any other is the browser's. The page is asked
 * for ahead when the link is pointed at or focused, where `Link` asks as soon as it is in view.
 */
export function AppLink({
  href,
  onClick,
  ...props
}: Omit<React.ComponentProps<"a">, "href"> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <a
      href={href}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (browserHandles(event)) return;
        event.preventDefault();
        router.push(href);
      }}
    />
  );
}
