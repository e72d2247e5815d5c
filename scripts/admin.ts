/**
 * Admin command line: accounts, users, API keys and settings. Each command prints one JSON object;
 * a failure prints `{"error": {...}}` and exits 1.
 *
 *   npm run admin -- account create --name N [--parent ID] [--address-line1 A --city C --state S --postal-code Z] [--latitude LAT --longitude LON]
 *   npm run admin -- user create --external-id X [--account ID] [--email E --password P --role admin|dispatcher]
 *   npm run admin -- key create --account ID --user X --env live|sandbox
 *   npm run admin -- key revoke --key K
 *   npm run admin -- settings set --account ID --file settings.json
 *   npm run admin -- settings get --account ID
 *
 * With PostgreSQL (DATABASE_URL) the database is opened directly. With the embedded database, a
 * running server owns it: the command is then forwarded to that server's admin endpoint.
 */
import { readFileSync } from 'node:fs';
import {
  AccountsError,
  forwardAdminCommand,
  readAdminEndpoint,
  runAdminCommand,
  type AdminCommand,
} from '@/server/accounts';
import { ConfigError, getConfig } from '@/server/config';
import { createDb, liveLockOwner } from '@/server/db';

class UsageError extends Error {
  constructor(
    message: string,
    public readonly param?: string,
  ) {
    super(message);
  }
}

const USAGE = [
  'account create --name N [--parent ID] [--address-line1 A --city C --state S --postal-code Z] [--latitude LAT --longitude LON]',
  'user create --external-id X [--account ID] [--email E --password P --role admin|dispatcher]',
  'key create --account ID --user X --env live|sandbox',
  'key revoke --key K',
  'settings set --account ID --file settings.json',
  'settings get --account ID',
];

/** `--flag value` pairs after the two command words. */
function parseFlags(argv: string[], allowed: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (!flag?.startsWith('--')) throw new UsageError(`unexpected argument ${flag}`);
    const name = flag.slice(2);
    if (!allowed.includes(name))
      throw new UsageError(`unknown option --${name}; accepted: ${allowed.map((a) => `--${a}`).join(' ')}`, name);
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`, name);
    flags.set(name, value);
  }
  return flags;
}

function required(flags: Map<string, string>, name: string): string {
  const value = flags.get(name);
  if (value === undefined) throw new UsageError(`--${name} is required`, name);
  return value;
}

function numberFlag(flags: Map<string, string>, name: string): number | undefined {
  const value = flags.get(name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new UsageError(`--${name} must be a number, got ${value}`, name);
  return parsed;
}

/** The command line as an admin command (the same object the server's endpoint takes). */
function commandFromArgv(argv: string[]): AdminCommand {
  const [resource, action, ...rest] = argv;
  const key = `${resource ?? ''} ${action ?? ''}`;
  switch (key) {
    case 'account create': {
      const flags = parseFlags(rest, [
        'name',
        'parent',
        'address-line1',
        'city',
        'state',
        'postal-code',
        'latitude',
        'longitude',
      ]);
      const location = Object.fromEntries(
        Object.entries({
          addressLine1: flags.get('address-line1'),
          city: flags.get('city'),
          state: flags.get('state'),
          postalCode: flags.get('postal-code'),
          latitude: numberFlag(flags, 'latitude'),
          longitude: numberFlag(flags, 'longitude'),
        }).filter(([, v]) => v !== undefined),
      );
      return {
        command: 'account.create',
        args: {
          name: required(flags, 'name'),
          ...(flags.has('parent') ? { parentId: flags.get('parent') } : {}),
          ...(Object.keys(location).length > 0 ? { location } : {}),
        },
      };
    }
    case 'user create': {
      const flags = parseFlags(rest, ['external-id', 'account', 'email', 'password', 'role']);
      return {
        command: 'user.create',
        args: Object.fromEntries(
          Object.entries({
            externalUserId: required(flags, 'external-id'),
            defaultAccountId: flags.get('account'),
            email: flags.get('email'),
            password: flags.get('password'),
            role: flags.get('role'),
          }).filter(([, v]) => v !== undefined),
        ),
      };
    }
    case 'key create': {
      const flags = parseFlags(rest, ['account', 'user', 'env']);
      return {
        command: 'key.create',
        args: {
          accountId: required(flags, 'account'),
          externalUserId: required(flags, 'user'),
          environment: required(flags, 'env'),
        },
      };
    }
    case 'key revoke': {
      const flags = parseFlags(rest, ['key']);
      return { command: 'key.revoke', args: { key: required(flags, 'key') } };
    }
    case 'settings set': {
      const flags = parseFlags(rest, ['account', 'file']);
      const file = required(flags, 'file');
      let settings: unknown;
      try {
        settings = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new UsageError(`--file ${file}: ${(error as Error).message}`, 'file');
      }
      return { command: 'settings.set', args: { accountId: required(flags, 'account'), settings } };
    }
    case 'settings get': {
      const flags = parseFlags(rest, ['account']);
      return { command: 'settings.get', args: { accountId: required(flags, 'account') } };
    }
    default:
      throw new UsageError(`unknown command "${key.trim()}"; commands:\n  ${USAGE.join('\n  ')}`);
  }
}

async function run(command: AdminCommand): Promise<Record<string, unknown>> {
  const config = getConfig();
  if (!config.DATABASE_URL) {
    const owner = liveLockOwner(config.DATA_DIR);
    if (owner) {
      const endpoint = readAdminEndpoint(config.DATA_DIR);
      if (endpoint?.pid !== owner.pid) {
        throw new Error(
          `the embedded database in ${config.DATA_DIR} is held by process ${owner.pid}, which has no admin endpoint; ` +
            'stop it, or run this command against the server that owns the database',
        );
      }
      const { status, body } = await forwardAdminCommand(endpoint, command);
      if (status !== 200) throw Object.assign(new Error('forwarded command failed'), { forwarded: body });
      return body;
    }
  }
  const handle = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 2 });
  try {
    return await runAdminCommand(handle.db, command);
  } finally {
    await handle.close();
  }
}

function errorBody(error: unknown): Record<string, unknown> {
  if (typeof error === 'object' && error !== null && 'forwarded' in error)
    return error.forwarded as Record<string, unknown>;
  if (error instanceof AccountsError) {
    return { error: { code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}) } };
  }
  if (error instanceof UsageError) {
    return { error: { code: 'usage', message: error.message, ...(error.param ? { param: error.param } : {}) } };
  }
  if (error instanceof ConfigError) return { error: { code: 'invalid_configuration', message: error.message } };
  return { error: { code: 'failed', message: error instanceof Error ? error.message : String(error) } };
}

async function main(): Promise<void> {
  try {
    const result = await run(commandFromArgv(process.argv.slice(2)));
    process.stdout.write(JSON.stringify(result) + '\n');
  } catch (error) {
    process.stdout.write(JSON.stringify(errorBody(error)) + '\n');
    process.exitCode = 1;
  }
}

await main();
