import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from './index';

function capture(level: LogLevel | 'silent') {
  const lines: { level: LogLevel; record: Record<string, unknown> }[] = [];
  const logger = createLogger(
    { service: 'test' },
    { level, sink: (l, line) => lines.push({ level: l, record: JSON.parse(line) as Record<string, unknown> }) },
  );
  return { logger, lines };
}

describe('createLogger', () => {
  it('writes one JSON object per line with time, level, message and fields', () => {
    const { logger, lines } = capture('debug');
    logger.info('request', { status: 200 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.record).toMatchObject({ level: 'info', msg: 'request', service: 'test', status: 200 });
    expect(Date.parse(String(lines[0]?.record.time))).not.toBeNaN();
  });

  it('drops lines below the configured level and everything when silent', () => {
    const warn = capture('warn');
    warn.logger.debug('d');
    warn.logger.info('i');
    warn.logger.warn('w');
    warn.logger.error('e');
    expect(warn.lines.map((l) => l.level)).toEqual(['warn', 'error']);
    const silent = capture('silent');
    silent.logger.error('e');
    expect(silent.lines).toEqual([]);
  });

  it('carries child fields and serializes errors with their cause', () => {
    const { logger, lines } = capture('info');
    logger
      .child({ requestId: 'r-1' })
      .error('failed', { error: new Error('outer', { cause: new TypeError('inner') }) });
    const record = lines[0]?.record as {
      requestId: string;
      error: { name: string; message: string; stack: string; cause: { name: string } };
    };
    expect(record.requestId).toBe('r-1');
    expect(record.error).toMatchObject({ name: 'Error', message: 'outer', cause: { name: 'TypeError' } });
    expect(record.error.stack).toContain('outer');
  });

  it('still writes a line when a field cannot be serialized', () => {
    const { logger, lines } = capture('info');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    logger.info('odd', { circular });
    expect(lines[0]?.record).toMatchObject({ level: 'info', msg: 'odd' });
  });
});

describe('database errors in the log', () => {
  it("keep a failed query's SQL but never its parameter values, in the message, the stack or a cause", async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const secret = 'victim@example.com\nsecond line\u0000';
    const driverError = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const failed = new DrizzleQueryError('insert into "users" ("email") values ($1)', [secret, 42], driverError);
    const { logger, lines } = capture('debug');
    logger.error('trpc procedure failed', { error: new Error('wrapped', { cause: failed }) });
    const line = JSON.stringify(lines[0]?.record);
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain('invalid byte sequence');
    expect(line).toContain('[not logged]');
    expect(line).not.toContain('victim@example.com');
    expect(line).not.toContain('second line');
    const cause = (lines[0]?.record.error as { cause: { stack: string } }).cause;
    expect(cause.stack).toMatch(/\n {4}at /);
  });
});

describe('query parameters wrapped by other libraries', () => {
  it('are dropped from plain objects and from the own fields of errors at any depth', () => {
    const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      query: 'select * from users where email = $1',
      params: ['victim@example.com'],
    });
    // The shape Auth.js logs: a plain object around the driver's error.
    const wrapped = Object.assign(new Error('Read more at https://errors.authjs.dev#callbackrouteerror'), {
      cause: {
        err: { query: driverError.query, params: ['victim@example.com'], cause: driverError },
        provider: 'credentials',
      },
    });
    const { logger, lines } = capture('debug');
    logger.warn('console auth', { error: wrapped, request: { query: 'a=1', parameters: ['x'] } });
    const line = JSON.stringify(lines[0]?.record);
    expect(line).not.toContain('victim@example.com');
    expect(line).toContain('invalid byte sequence');
    expect(line).toContain('22021');
    expect(line).toContain('select * from users where email = $1');
    expect(line).toContain('callbackrouteerror');
  });

  it('leave fields that merely share the name alone when no query is beside them', () => {
    const { logger, lines } = capture('debug');
    logger.info('route', { params: { id: '42' } });
    expect(lines[0]?.record.params).toEqual({ id: '42' });
  });
});
