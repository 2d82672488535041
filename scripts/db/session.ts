// A direct session to PostgreSQL for the scripts, tools and tests, through postgres.js (what the
// app queries goes through Prisma). One connection, so SET, BEGIN … COMMIT, locks and LISTEN hold
// across its statements; prepared statements are not named, and PostgreSQL's notices not printed.
import postgres from "postgres";

export type Session = postgres.Sql;

/** A session that connects on its first statement; `end()` it when done. */
export function openSession(url: string): Session {
  return postgres(url, { max: 1, prepare: false, onnotice: () => {} });
}

/** Runs `run` on a session of its own, ended afterwards whatever it threw. */
export async function withSession<T>(url: string, run: (sql: Session) => Promise<T>): Promise<T> {
  const sql = openSession(url);
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/** A value a statement's `$n` takes. */
export type Param = postgres.ParameterOrJSON<never>;
