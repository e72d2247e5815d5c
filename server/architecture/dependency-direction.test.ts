import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The intended dependency direction between server modules, checked on every import of every
 * source file (static, dynamic and re-exports). A module listed here may not import the targets
 * named in its rule.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DOMAINS = ['routing', 'booking', 'accounts'];

interface Rule {
  module: string;
  forbids: (target: string) => boolean;
  why: string;
}

const RULES: Rule[] = [
  {
    module: 'server',
    forbids: (t) => t.startsWith('app/') || t.startsWith('components/'),
    why: 'server never imports app/ or components/',
  },
  {
    module: 'server/optimizer',
    forbids: (t) => !t.startsWith('server/optimizer/'),
    why: 'the solver imports nothing outside itself',
  },
  {
    module: 'server/contract',
    forbids: (t) => !t.startsWith('server/contract/'),
    why: 'the contract constants import nothing, so every layer may use them',
  },
  ...['jobs', 'geo', 'db'].map((layer) => ({
    module: `server/${layer}`,
    forbids: (t: string) =>
      DOMAINS.some((domain) => t.startsWith(`server/${domain}/`)) || t.startsWith('server/app-jobs/'),
    why: `server/${layer} imports no domain`,
  })),
  ...DOMAINS.map((domain) => ({
    module: `server/${domain}`,
    forbids: (t: string) => t.startsWith('server/http/'),
    why: `server/${domain} does not import server/http (domain errors are mapped there)`,
  })),
];

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

/** Project-relative path of an import target, or null for packages and Node built-ins. */
function resolveTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return `${specifier.slice(2)}/`.replace(/\/+$/, '/');
  if (specifier.startsWith('.')) return `${path.posix.join(path.posix.dirname(file), specifier)}/`;
  return null;
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '').filter(Boolean);
}

describe('dependency direction', () => {
  for (const rule of RULES) {
    it(rule.why, () => {
      const files = sourceFiles(rule.module);
      expect(files.length).toBeGreaterThan(0);
      const violations = files.flatMap((file) =>
        importsOf(file)
          .filter((specifier) => {
            const target = resolveTarget(file, specifier);
            return target !== null && rule.forbids(target);
          })
          .map((specifier) => `${file} imports ${specifier}`),
      );
      expect(violations).toEqual([]);
    });
  }

  it('sees static, dynamic and side-effect imports and re-exports', () => {
    const seen = importsOf('server/app-jobs/index.ts').concat(importsOf('server/routing/job-kinds.ts'));
    expect(seen).toEqual(expect.arrayContaining(['./kinds', '@/server/jobs', './job-handlers']));
  });
});
