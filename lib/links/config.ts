import { derived, type Env, type EnvSource, parseVariables } from "@/lib/env";
import type { LinkRepository } from "./resolve";

const LINK_VARIABLES = ["LINK_REPOSITORY_URL", "LINK_REPOSITORY_REF"] as const;

/** Where links go, from `LINK_REPOSITORY_URL` and `LINK_REPOSITORY_REF` in `source`; throws an EnvError naming a bad one. */
export function parseLinkRepository(source: EnvSource): LinkRepository {
  return linkRepositoryFrom(parseVariables(source, LINK_VARIABLES));
}

/** Where this host's links go: by default the public Next.js repository, so the demo's links open real pages. */
export const linkRepository = derived(linkRepositoryFrom);

function linkRepositoryFrom(env: Pick<Env, (typeof LINK_VARIABLES)[number]>): LinkRepository {
  return { url: env.LINK_REPOSITORY_URL, ref: env.LINK_REPOSITORY_REF };
}
