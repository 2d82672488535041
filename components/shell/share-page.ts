/** A share link's page (`/share/<token>`): it draws the shared chat alone, with no chat list, and reads none. */
export function isSharePage(pathname: string): boolean {
  return pathname.startsWith("/share/");
}
