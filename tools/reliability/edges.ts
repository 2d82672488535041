// Edges an independent attack found beyond the hostile round: forged picks and revisions, the
// request-target `*`, /api paths and methods nothing serves, a foreign Host with its own Origin,
// and an expired visitor cookie. Each prints its figure and fails the run where its aim is missed.
import { startChat } from "./chats";
import { COOKIE_MAX_AGE_DAYS, expiredCookies, foreignOrigins } from "./credentials";
import { forgedRevisions, forgedValues } from "./forgeries";
import { Visitor } from "./http";
import { startServer } from "./server";
import { type Scenario, type Suite } from "./suite";
import { asteriskTargets, unservedApi } from "./unknown-routes";

async function run(suite: Suite): Promise<void> {
  // The request limit out of the way, so each check reaches what it attacks.
  const env = {
    AGENT_DELTA_MS: "2",
    TURN_LEASE_MS: "3000",
    RATE_LIMIT_REQUESTS: "1000000",
    VISITOR_COOKIE_MAX_AGE_DAYS: String(COOKIE_MAX_AGE_DAYS),
  };
  const server = await startServer({ databaseUrl: suite.database.url, env });
  try {
    await forgedValues(suite, server.base);
    await forgedRevisions(suite, server.base);
    await asteriskTargets(suite, server.base);
    const owner = new Visitor(server.base);
    const chatId = await startChat(owner);
    if (!chatId) throw new Error("setup: the owner's chat was refused");
    await unservedApi(suite, server.base, owner, chatId);
    await expiredCookies(suite, server.base, { owner, chatId });
    await foreignOrigins(suite, server.base, { owner, chatId });
    if (server.errors.length > 0)
      suite.fail(
        `edges: server logged ${server.errors.length} unhandled errors: ${server.errors[0]}`,
      );
  } finally {
    await server.stop();
  }
}

export const edges: Scenario = { name: "edges", run };
