import * as z from "zod/mini";

// The owner's answers about a chat's public read-only link. The token is said once, when issued:
// the server keeps only its hash (decision 023).

/** `GET /api/chats/:id/share` and `DELETE` (private again): whether a link works, and since when. */
export const shareStateSchema = z.object({
  shared: z.boolean(),
  sharedAt: z.nullable(z.iso.datetime()),
});
export type ShareState = z.infer<typeof shareStateSchema>;

/** `POST /api/chats/:id/share`: a new link; any older one stopped working in the same write. */
export const shareIssuedSchema = z.object({
  shared: z.literal(true),
  sharedAt: z.iso.datetime(),
  token: z.string(),
  path: z.string(),
});
export type ShareIssued = z.infer<typeof shareIssuedSchema>;

/** Where a link's token is read. */
export function sharePath(token: string): string {
  return `/share/${token}`;
}
