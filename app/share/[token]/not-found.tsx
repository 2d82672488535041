import { ShareEnded } from "@/components/chat/chat-deleted";

/** A link that never worked or no longer does: one page for both, so neither is told apart. */
export default function ShareNotFound() {
  return <ShareEnded />;
}
