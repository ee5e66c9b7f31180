import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskSqlLiterals, redactUrl } from './logger.ts';

const TOKEN = 'tok-3f9c1e';

/** One log line written through the server's options, as JSON text. */
const logLine = (write: (log: pino.Logger) => void) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { stream: _none, ...options } = loggerOptions({ LOG_LEVEL: 'info' });
  write(pino(options, stream));
  return lines.join('');
};

describe('log redaction', () => {
  it('masks secret-like query parameters and keeps the rest', () => {
    expect(redactUrl(`/ws?token=${TOKEN}&v=1`)).toBe('/ws?token=[redacted]&v=1');
    expect(redactUrl(`/api/auth.login?login=a&password=${TOKEN}&remember_code=x`)).toBe(
      '/api/auth.login?login=a&password=[redacted]&remember_code=[redacted]',
    );
    expect(redactUrl('/api/games.list?v=1&locale=en')).toBe('/api/games.list?v=1&locale=en');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('masks SQL literals as pg.escapeLiteral writes them', () => {
    expect(maskSqlLiterals(`select f('a''b', E'c\\\\d', 5::bigint)`)).toBe("select f('…', '…', 5::bigint)");
  });

  it("keeps a database error's kind and frames but not its parameters, literals or echoed values", () => {
    const cause = Object.assign(new Error(`invalid input syntax for type json: "${TOKEN}"`), {
      code: '22P02',
      detail: `Key (token)=(${TOKEN}) already exists.`,
      where: `SQL statement "insert into t values ('${TOKEN}')"`,
    });
    const query = `select wallet_apply($1, '${TOKEN}')`;
    const failed = Object.assign(new Error(`Failed query: ${query}\nparams: ${TOKEN}`, { cause }), {
      query,
      params: [TOKEN],
    });
    const line = logLine((log) => log.error({ err: failed }, 'call failed'));
    expect(line).not.toContain(TOKEN);
    const { err } = JSON.parse(line);
    expect(err).toMatchObject({
      message: 'Failed query: select wallet_apply($1, \'…\'): invalid input syntax for type json: "…"',
      params: '1 parameters [redacted]',
      query: "select wallet_apply($1, '…')",
    });
    expect(err.stack).toContain('logger.test.ts');
  });

  it("logs a request's method and masked URL, never its credential headers", () => {
    const req = {
      method: 'GET',
      url: `/ws?token=${TOKEN}`,
      headers: { cookie: `sid=${TOKEN}`, authorization: TOKEN },
    };
    const line = logLine((log) => log.info({ req }, 'seen'));
    expect(line).not.toContain(TOKEN);
    expect(JSON.parse(line).req).toMatchObject({ method: 'GET', url: '/ws?token=[redacted]' });
  });
});
