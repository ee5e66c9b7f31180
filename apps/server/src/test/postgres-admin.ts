/** Statements as the admin of a PostgreSQL server, and the URL of another database on it (tests and benches). */
import pg from 'pg';

export const postgresAdmin = (adminUrl: string) => ({
  url(name: string) {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  },
  async run(statement: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  },
  /** True when the server answers within a few seconds. */
  async reachable() {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  },
});
