// The part of a deploy build that comes before `next build`: the configuration is checked as the
// deployment will read it, and pending migrations are applied through the direct URL under the
// advisory lock, so two deploys building at once apply each migration once.
import { parseAppConfig } from "../../lib/config";
import { migrateDatabase } from "../../lib/db/migrate";
import { readDatabaseUrls } from "../../lib/db/urls";

export class DeployError extends Error {
  override name = "DeployError";
}

type Env = Record<string, string | undefined>;

/** Checks the configuration and migrates; throws a DeployError whose message is one sentence. */
export async function prepareDeploy(
  env: Env,
  log: (line: string) => void = () => {},
): Promise<string[]> {
  let urls;
  try {
    urls = readDatabaseUrls(env);
  } catch (error) {
    throw new DeployError(
      `${messageOf(error)} The deploy build migrates the database before building: set DATABASE_URL and DATABASE_URL_UNPOOLED for this environment.`,
    );
  }
  try {
    // A deployment runs in production whatever NODE_ENV the build step has.
    parseAppConfig({ ...env, NODE_ENV: "production", NEXT_PHASE: undefined });
  } catch (error) {
    throw new DeployError(messageOf(error));
  }
  if (urls.directFrom === "DATABASE_URL") {
    log(
      "migrations: DATABASE_URL_UNPOOLED is not set, so DATABASE_URL must reach Postgres directly (not through a transaction pooler)",
    );
  }
  try {
    const applied = await migrateDatabase({
      connectionString: urls.direct,
      log: (line) => log(`migrations: ${line}`),
    });
    log(`migrations: ${applied.length} applied through ${urls.directFrom}`);
    return applied;
  } catch (error) {
    throw new DeployError(
      `Migrations could not be applied through ${urls.directFrom}: ${messageOf(error)}`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
