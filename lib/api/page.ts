import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { z } from "zod";
import { AppError } from "../http/errors";
import { headers } from "next/headers";
import { appConfig } from "../config";
import { cookieSettings, findVisitor } from "../http/visitor";

type Params = Promise<Record<string, string | string[] | undefined>>;

/** What a page's read is given: its parsed params, and the cookie's visitor where it needs one. */
type VisitorPage<P extends z.ZodType> = { params: P; visitor: true };
type AnyonePage<P extends z.ZodType> = { params: P; visitor: false };

/** A page's read: `find` for its title (null when not found), `orNotFound` for the page itself. */
export type PageRead<T> = {
  find(params: Params): Promise<T | null>;
  orNotFound(params: Params): Promise<T>;
};

/**
 * One order for every page that reads by its params, as lib/api/route.ts is for routes: params
 * parsed with zod, the visitor found, then the read. A malformed param, no visitor yet, or a read
 * refused with a 404 is not found. Read once per request (`cache`), for the title and the page alike.
 */
export function pageRead<P extends z.ZodType, T>(
  needs: VisitorPage<P>,
  read: (input: { params: z.infer<P>; visitorId: string }) => Promise<T>,
): PageRead<T>;
export function pageRead<P extends z.ZodType, T>(
  needs: AnyonePage<P>,
  read: (input: { params: z.infer<P> }) => Promise<T>,
): PageRead<T>;
export function pageRead<T>(
  needs: VisitorPage<z.ZodType> | AnyonePage<z.ZodType>,
  read: (input: never) => Promise<T>,
): PageRead<T> {
  // Keyed by the params' text: the title and the page are handed params objects of their own.
  const readOnce = cache(async (key: string): Promise<T | null> => {
    const parsed = needs.params.safeParse(JSON.parse(key));
    if (!parsed.success) return null;
    const visitorId = needs.visitor ? await currentVisitor() : undefined;
    if (visitorId === null) return null;
    const readAs = read as (input: { params: unknown; visitorId?: string }) => Promise<T>;
    return readAs({ params: parsed.data, visitorId }).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
  });
  const find = async (params: Params) => readOnce(JSON.stringify(await params));
  return {
    find,
    async orNotFound(params) {
      return (await find(params)) ?? notFound();
    },
  };
}

/** The visitor of the page being rendered, or null before the proxy has issued a cookie. */
export async function currentVisitor(): Promise<string | null> {
  const cookies = (await headers()).get("cookie");
  const visitor = await findVisitor(cookies, cookieSettings(appConfig()));
  return visitor.status === "valid" ? visitor.id : null;
}
