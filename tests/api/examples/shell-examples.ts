import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { authorizationHeader } from '@/server/api-client';

/**
 * Runs the `sh` examples of a Markdown document as a reader would, without a shell: the `curl`
 * requests against the server under test, the `jq` filters that carry ids from one answer into
 * the next request, and `npm run -s admin` commands. Only the forms the documents use are
 * understood; anything else fails the test, so a document cannot drift into commands nobody runs.
 *
 * Conventions the documents follow (and the test enforces):
 * - a block runs when it contains a `curl` command (install, test and admin listings do not);
 * - every `curl` is preceded by a comment saying what it answers:
 *   `answers 200 with a.b, items[].id, status = processing` or
 *   `answers 202 while processing, then 200 with ...` (polled, waiting Retry-After);
 * - `VAR="..."   # apiUser:liveKey from data/demo-credentials.json` takes its value from the
 *   server's demo credentials file, as the reader is told to;
 * - `http://localhost:3000` is the server under test.
 */

interface ExampleContext {
  baseUrl: string;
  repoRoot: string;
  /** The server's data/demo-credentials.json, parsed. */
  credentials: unknown;
}

export interface ExecutedRequest {
  /** `document:line` of the command. */
  at: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
}

interface FieldExpectation {
  path: string;
  value?: string;
}

interface Expectation {
  status: number;
  /** Polled while the answer is `status`, until this one. */
  finalStatus?: number;
  fields: FieldExpectation[];
}

const DOCUMENTED_ORIGIN = 'http://localhost:3000';
const POLL_LIMIT_MS = 90_000;
const runFile = promisify(execFile);

/** The `sh` blocks of a Markdown text with the 1-based line of their first line. */
function shellBlocks(markdown: string): { line: number; lines: string[] }[] {
  const blocks: { line: number; lines: string[] }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```sh') continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]?.trim() !== '```') end++;
    blocks.push({ line: start + 1, lines: lines.slice(start, end) });
    i = end;
  }
  return blocks;
}

/** Lines joined at a trailing `\` (dropped) or `|` (kept), each with the line it starts on. */
function logicalLines(block: { line: number; lines: string[] }): { line: number; text: string }[] {
  const result: { line: number; text: string }[] = [];
  let pending: { line: number; parts: string[] } | null = null;
  block.lines.forEach((raw, i) => {
    const text = raw.trim();
    pending ??= { line: block.line + i, parts: [] };
    if (text.endsWith('\\')) {
      pending.parts.push(text.slice(0, -1).trimEnd());
      return;
    }
    pending.parts.push(text);
    if (text.endsWith('|')) return;
    result.push({ line: pending.line, text: pending.parts.join(' ') });
    pending = null;
  });
  if (pending !== null) throw new Error(`line ${block.line + block.lines.length}: a continued command never ends`);
  return result;
}

function parseExpectation(comment: string): Expectation | null {
  const match = /answers (\d{3})(?: while \w+, then (\d{3}))?(?: with (.+))?$/.exec(comment);
  if (!match) return null;
  const fields = (match[3] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const [fieldPath = '', value] = part.split(/\s*=\s*/, 2);
      return value === undefined ? { path: fieldPath } : { path: fieldPath, value };
    });
  return { status: Number(match[1]), ...(match[2] ? { finalStatus: Number(match[2]) } : {}), fields };
}

/** jq-style paths: `.a.b`, `.items[].id`, `.branches[0].id` (the leading dot optional). */
function pathSteps(expression: string): (string | number)[] {
  const source = expression.startsWith('.') ? expression : `.${expression}`;
  if (source === '.') return [];
  const steps: (string | number)[] = [];
  const pattern = /\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d*)\]/y;
  let position = 0;
  while (position < source.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(source);
    if (!match) throw new Error(`unsupported path ${expression}`);
    steps.push(match[1] ?? (match[2] === '' ? '[]' : Number(match[2])));
    position = pattern.lastIndex;
  }
  return steps;
}

/** Every value a path reaches (`[]` fans out over an array); a missing step yields undefined. */
function valuesAt(value: unknown, expression: string): unknown[] {
  let current: unknown[] = [value];
  for (const step of pathSteps(expression)) {
    current = current.flatMap((item): unknown[] => {
      if (step === '[]') return Array.isArray(item) ? item : [undefined];
      if (item === null || typeof item !== 'object') return [undefined];
      return [(item as Record<string | number, unknown>)[step]];
    });
  }
  return current;
}

/** The jq filters the documents use: a path, `[path]`, and `.field = $name`. */
function runJqFilter(filter: string, input: unknown, args: Record<string, unknown>): unknown[] {
  const assignment = /^\.([A-Za-z_][A-Za-z0-9_]*)\s*=\s*\$([A-Za-z_][A-Za-z0-9_]*)$/.exec(filter);
  if (assignment) {
    const [, field = '', name = ''] = assignment;
    if (!(name in args)) throw new Error(`jq: $${name} is not defined`);
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      throw new Error('jq: assignment needs an object');
    return [{ ...(input as Record<string, unknown>), [field]: args[name] }];
  }
  if (filter.startsWith('[') && filter.endsWith(']')) return [valuesAt(input, filter.slice(1, -1))];
  return valuesAt(input, filter);
}

interface Word {
  text: string;
}
type Token = Word | '|';

/** Runs the documents' `sh` blocks in order; variables and files written with `-o` last for the document. */
export class ShellExamples {
  private readonly variables = new Map<string, string>();
  private readonly files = new Map<string, string>();
  readonly executed: ExecutedRequest[] = [];

  constructor(private readonly context: ExampleContext) {}

  async runDocument(relativePath: string): Promise<ExecutedRequest[]> {
    const markdown = readFileSync(path.join(this.context.repoRoot, relativePath), 'utf8');
    const before = this.executed.length;
    for (const block of shellBlocks(markdown)) {
      if (!block.lines.some((line) => /(^|\s|\|)curl\s/.test(line))) continue;
      let expectation: Expectation | null = null;
      for (const { line, text } of logicalLines(block)) {
        const at = `${relativePath}:${line}`;
        if (text === '') continue;
        if (text.startsWith('#')) {
          expectation = parseExpectation(text) ?? expectation;
          continue;
        }
        const assignment = /^([A-Z_][A-Z0-9_]*)=/.exec(text);
        if (assignment) {
          await this.assign(assignment[1] ?? '', text.slice(assignment[0].length), at);
          continue;
        }
        const tokens = await this.tokenize(text, at);
        const last = splitPipeline(tokens).at(-1);
        if (last?.[0] !== 'curl') throw new Error(`${at}: only curl commands (optionally fed by jq) run here: ${text}`);
        if (!expectation)
          throw new Error(`${at}: no "answers <status> with <fields>" comment says what this request shows`);
        await this.request(tokens, expectation, at, text);
        expectation = null;
      }
    }
    return this.executed.slice(before);
  }

  private async assign(name: string, rest: string, at: string): Promise<void> {
    const commentAt = findComment(rest);
    const valueText = (commentAt === -1 ? rest : rest.slice(0, commentAt)).trim();
    const comment = commentAt === -1 ? '' : rest.slice(commentAt + 1).trim();
    const fromCredentials = /^(\S+) from data\/demo-credentials\.json\b/.exec(comment);
    if (fromCredentials) {
      // The reader replaces the placeholder with those fields of the file: so does the test.
      const parts = (fromCredentials[1] ?? '').split(':').map((field) => {
        const [value] = valuesAt(this.context.credentials, field);
        if (typeof value !== 'string' && typeof value !== 'number') {
          throw new Error(
            `${at}: data/demo-credentials.json has no field ${field} (the text tells the reader to use it)`,
          );
        }
        return String(value);
      });
      this.variables.set(name, parts.join(':'));
      return;
    }
    const words = (await this.tokenize(valueText, at)).filter((token): token is Word => token !== '|');
    if (words.length !== 1) throw new Error(`${at}: ${name}= needs one word`);
    this.variables.set(name, words[0]?.text ?? '');
  }

  private async request(tokens: Token[], expectation: Expectation, at: string, text: string): Promise<void> {
    const commands = splitPipeline(tokens);
    let stdin: string | undefined;
    for (const command of commands.slice(0, -1)) stdin = await this.runCommand(command, stdin, at);
    const curl = parseCurl(commands.at(-1) ?? [], at);
    if (curl.data !== undefined && !curl.data.startsWith('@')) throw new Error(`${at}: --data takes @file or @- here`);
    const body =
      curl.data === undefined ? undefined : curl.data === '@-' ? stdin : this.readFile(curl.data.slice(1), at);
    if (!curl.url.startsWith(DOCUMENTED_ORIGIN))
      throw new Error(`${at}: requests go to ${DOCUMENTED_ORIGIN} (the server the reader started)`);
    const url = this.context.baseUrl + curl.url.slice(DOCUMENTED_ORIGIN.length);
    const method = curl.method ?? (body === undefined ? 'GET' : 'POST');

    const send = async () => {
      const response = await fetch(url, { method, headers: curl.headers, ...(body === undefined ? {} : { body }) });
      const responseText = await response.text();
      return { response, responseText };
    };
    let { response, responseText } = await send();
    if (expectation.finalStatus !== undefined) {
      const giveUpAt = Date.now() + POLL_LIMIT_MS;
      while (response.status === expectation.status && Date.now() < giveUpAt) {
        const retryAfterSeconds = Number(response.headers.get('retry-after') ?? '2') || 2;
        await new Promise((resolve) => setTimeout(resolve, retryAfterSeconds * 1000));
        ({ response, responseText } = await send());
      }
    }
    const expectedStatus = expectation.finalStatus ?? expectation.status;
    const label = `${at}: ${text}`;
    expect(response.status, `${label}\nanswered ${responseText.slice(0, 500)}`).toBe(expectedStatus);
    const parsed = JSON.parse(responseText) as unknown;
    for (const field of expectation.fields) {
      const values = valuesAt(parsed, field.path);
      expect(values.length, `${label}: ${field.path} reaches nothing`).toBeGreaterThan(0);
      for (const value of values) {
        expect(value, `${label}: the answer has no ${field.path}`).not.toBeUndefined();
        if (field.value !== undefined) {
          const expected = await this.expandWord(field.value, at);
          expect(
            typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean),
            `${label}: ${field.path}`,
          ).toBe(expected);
        }
      }
    }
    if (curl.output !== undefined) this.files.set(curl.output, responseText);
    this.executed.push({ at, method, path: new URL(url).pathname, status: response.status, body: parsed });
  }

  /** stdout of one non-curl command: jq, or the admin command line. */
  private async runCommand(words: string[], stdin: string | undefined, at: string): Promise<string> {
    const [program, ...args] = words;
    if (program === 'jq') return this.runJq(args, stdin, at);
    if (program === 'npm' && args.slice(0, 4).join(' ') === 'run -s admin --') {
      const { stdout } = await runFile(
        path.join(this.context.repoRoot, 'node_modules', '.bin', 'tsx'),
        ['scripts/admin.ts', ...args.slice(4)],
        {
          cwd: this.context.repoRoot,
          env: process.env,
        },
      );
      return stdout;
    }
    throw new Error(`${at}: unsupported command ${words.join(' ')}`);
  }

  private runJq(args: string[], stdin: string | undefined, at: string): string {
    let raw = false;
    const jqArgs: Record<string, unknown> = {};
    const positional: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] ?? '';
      if (arg === '-c') continue;
      if (arg === '-r') raw = true;
      else if (arg === '--argjson') {
        jqArgs[args[i + 1] ?? ''] = JSON.parse(args[i + 2] ?? '');
        i += 2;
      } else if (arg.startsWith('-')) throw new Error(`${at}: unsupported jq option ${arg}`);
      else positional.push(arg);
    }
    const [filter, file] = positional;
    if (filter === undefined) throw new Error(`${at}: jq without a filter`);
    const input = file === undefined ? stdin : this.readFile(file, at);
    if (input === undefined) throw new Error(`${at}: jq has no input`);
    return runJqFilter(filter, JSON.parse(input), jqArgs)
      .map((value) => (raw && typeof value === 'string' ? value : JSON.stringify(value)))
      .join('\n');
  }

  /** A file the examples wrote with `-o`, else one of the repository (commands run from its root). */
  private readFile(name: string, at: string): string {
    const written = this.files.get(name);
    if (written !== undefined) return written;
    const file = path.resolve(this.context.repoRoot, name);
    if (!file.startsWith(this.context.repoRoot + path.sep)) throw new Error(`${at}: ${name} is outside the repository`);
    return readFileSync(file, 'utf8');
  }

  private async expandWord(text: string, at: string): Promise<string> {
    const words = (await this.tokenize(text, at)).filter((token): token is Word => token !== '|');
    return words.map((word) => word.text).join(' ');
  }

  /** Shell words with quotes removed and `$VAR`, `${VAR}` and `$(...)` expanded; `|` separates commands. */
  private async tokenize(text: string, at: string): Promise<Token[]> {
    const tokens: Token[] = [];
    let word: string | null = null;
    let quote: "'" | '"' | null = null;
    for (let i = 0; i < text.length; i++) {
      const char = text[i] ?? '';
      if (quote === "'") {
        if (char === "'") quote = null;
        else word += char;
        continue;
      }
      if (char === '$') {
        if (text[i + 1] === '(') {
          const end = matchingParen(text, i + 1, at);
          word = (word ?? '') + (await this.substitute(text.slice(i + 2, end), at));
          i = end;
          continue;
        }
        const name = /^\{?([A-Za-z_][A-Za-z0-9_]*)\}?/.exec(text.slice(i + 1));
        if (!name) throw new Error(`${at}: a lone $ in ${text}`);
        const value = this.variables.get(name[1] ?? '');
        if (value === undefined) throw new Error(`${at}: $${name[1]} is not set by the text before it`);
        word = (word ?? '') + value;
        i += name[0].length;
        continue;
      }
      if (quote === '"') {
        if (char === '"') quote = null;
        else word += char;
        continue;
      }
      if (char === "'" || char === '"') {
        quote = char;
        word ??= '';
      } else if (char === ' ' || char === '\t') {
        if (word !== null) tokens.push({ text: word });
        word = null;
      } else if (char === '|') {
        if (word !== null) tokens.push({ text: word });
        word = null;
        tokens.push('|');
      } else if (char === '#' && word === null) {
        break;
      } else word = (word ?? '') + char;
    }
    if (quote) throw new Error(`${at}: unclosed ${quote} in ${text}`);
    if (word !== null) tokens.push({ text: word });
    return tokens;
  }

  /** `$(...)`: the pipeline's stdout without trailing newlines. */
  private async substitute(commandText: string, at: string): Promise<string> {
    let stdout: string | undefined;
    for (const command of splitPipeline(await this.tokenize(commandText, at)))
      stdout = await this.runCommand(command, stdout, at);
    return (stdout ?? '').replace(/\n+$/, '');
  }
}

function splitPipeline(tokens: Token[]): string[][] {
  const commands: string[][] = [[]];
  for (const token of tokens) {
    if (token === '|') commands.push([]);
    else commands.at(-1)?.push(token.text);
  }
  return commands;
}

/** Index of a trailing `#` comment outside quotes, or -1. */
function findComment(text: string): number {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (i === 0 || text[i - 1] === ' ')) return i;
  }
  return -1;
}

function matchingParen(text: string, open: number, at: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  throw new Error(`${at}: unclosed $( in ${text}`);
}

interface CurlRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  data?: string;
  output?: string;
}

function parseCurl(words: string[], at: string): CurlRequest {
  const request: CurlRequest = { url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = () => {
      const value = words[++i];
      if (value === undefined) throw new Error(`${at}: curl ${word} needs a value`);
      return value;
    };
    if (word === '-s') continue;
    if (word === '-u') {
      const credential = next();
      const colon = credential.indexOf(':');
      request.headers.authorization = authorizationHeader({
        externalUserId: credential.slice(0, colon),
        apiKey: credential.slice(colon + 1),
      });
    } else if (word === '-H') {
      const [name = '', ...value] = next().split(':');
      request.headers[name.trim().toLowerCase()] = value.join(':').trim();
    } else if (word === '--data' || word === '-d') request.data = next();
    else if (word === '-o') request.output = next();
    else if (word === '-X') request.method = next();
    else if (word.startsWith('-')) throw new Error(`${at}: unsupported curl option ${word}`);
    else if (request.url) throw new Error(`${at}: curl with two URLs`);
    else request.url = word;
  }
  if (!request.url) throw new Error(`${at}: curl without a URL`);
  return request;
}
