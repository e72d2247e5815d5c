import { getConfig } from '@/server/config';

/**
 * One JSON object per line on stdout (stderr for warn/error), so log shippers need no parser.
 * The level comes from LOG_LEVEL; `silent` turns logging off (tests).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

const severity: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (e.g. the request id). */
  child(fields: LogFields): Logger;
}

export type LogSink = (level: LogLevel, line: string) => void;

const defaultSink: LogSink = (level, line) => {
  if (level === 'warn' || level === 'error') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
};

function configuredLevel(): LogLevel | 'silent' {
  try {
    return getConfig().LOG_LEVEL;
  } catch {
    // A broken configuration must still be reportable.
    return 'info';
  }
}

/**
 * A failed query's bound values (emails, password hashes, whatever a client sent) stay out of the
 * log, wherever they sit: drizzle words its error `Failed query: <sql>\nparams: <values>` (in the
 * message and so at the head of the stack), and drizzle's, PGlite's and postgres.js's errors carry
 * them as `params` or `parameters` next to the `query`, also inside the plain objects other
 * libraries wrap errors in (Auth.js). The SQL text (placeholders only) and the driver's message remain.
 */
const QUERY_PARAMETERS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
function withoutQueryParameters(text: string): string {
  return text.replace(QUERY_PARAMETERS, '\nparams: [not logged]');
}
const PARAMETER_KEYS = new Set(['params', 'parameters', 'args']);

/**
 * JSON.stringify's replacer for log fields, at every depth: errors keep their name, message, stack,
 * cause and own fields (JSON.stringify alone would drop the first three), and query parameters go.
 */
function logValue(this: unknown, key: string, value: unknown): unknown {
  const holder = this as Record<string, unknown> | undefined;
  if (PARAMETER_KEYS.has(key) && holder && typeof holder === 'object' && typeof holder.query === 'string')
    return '[not logged]';
  if (value instanceof Error) {
    return {
      ...Object.fromEntries(Object.entries(value)),
      name: value.name,
      message: withoutQueryParameters(value.message),
      stack: value.stack === undefined ? undefined : withoutQueryParameters(value.stack),
      ...(value.cause ? { cause: value.cause } : {}),
    };
  }
  return value;
}

export function createLogger(
  base: LogFields = {},
  options: { level?: LogLevel | 'silent'; sink?: LogSink } = {},
): Logger {
  const sink = options.sink ?? defaultSink;
  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    const threshold = options.level ?? configuredLevel();
    if (severity[level] < severity[threshold]) return;
    const record: LogFields = { time: new Date().toISOString(), level, msg: message, ...base };
    Object.assign(record, fields);
    let line: string;
    try {
      line = JSON.stringify(record, logValue);
    } catch {
      line = JSON.stringify({ time: record.time, level, msg: message, note: 'fields were not serializable' });
    }
    sink(level, line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, options),
  };
}

/** The process logger. */
export const log: Logger = createLogger();
