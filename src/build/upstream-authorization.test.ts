import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const GATEWAY = join(ROOT, 'src/server/gateway');
/** The one module that puts an organisation's key in an Authorization header (DESIGN: "The gateway's shape"). */
const UPSTREAM_CLIENT = 'src/server/gateway/upstream/upstream-client.ts';

/** The source without its comments (a comment may name the header; only code sets it). */
const codeOf = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');

/** The ways TypeScript sets a request header: an object's key, `Headers.set/append`, an entry, an index. */
const SETS_AUTHORIZATION = [
  /(?:^|[{,\s])['"`]?authorization['"`]?\s*:/im,
  /\.(?:set|append)\(\s*['"`]authorization['"`]/i,
  /\[\s*['"`]authorization['"`]\s*,/i,
  /\[\s*['"`]authorization['"`]\s*\]\s*=/i,
];

const setsAuthorization = (source: string) => SETS_AUTHORIZATION.some((rule) => rule.test(codeOf(source)));

function gatewayModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return gatewayModules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the Authorization header of calls to the Ticketing Service', () => {
  it('is set by the upstream client and by no other gateway module', () => {
    const setters = gatewayModules(GATEWAY)
      .filter((path) => setsAuthorization(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(setters).toEqual([UPSTREAM_CLIENT]);
  });

  it('is found however a module sets it, and not where only a comment names it', () => {
    const refused = [
      "fetch(url, { headers: { authorization: apiKey, accept: 'application/json' } });",
      "const headers = { 'Authorization': key };",
      'new Headers({ authorization: key });',
      "headers.set('authorization', key);",
      'headers.append("Authorization", key);',
      "new Headers([['authorization', key]]);",
      "headers['authorization'] = key;",
      'init.headers = {\n  accept: "application/json",\n  authorization: key,\n};',
    ];
    const passed = [
      "/** The key goes nowhere but the service's Authorization header. */\nconst x = 1;",
      '// Authorization and Cookie are never passed on.\nconst y = 2;',
      "const PASSED_REQUEST_HEADERS = ['content-type', 'accept'];",
      "upstream.send('GET', path, { headers: new Headers({ accept: 'application/json' }) });",
    ];
    expect(refused.filter((code) => !setsAuthorization(code))).toEqual([]);
    expect(passed.filter((code) => setsAuthorization(code))).toEqual([]);
  });
});
