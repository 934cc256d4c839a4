import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_PAINT_MANIFEST, type FirstPaintManifest } from './first-paint-manifest.ts';

/*
 * The app's built files and their gzip sizes, grouped the way a browser fetches them: the entry (what
 * index.html loads, with the chunks those import statically), each first screen's files beyond the entry
 * (first-paint.json), and the rest, which routes load lazily. `npm run bench:bundle` builds and prints it;
 * `npm run bench:bundle -- dist/web OTHER_BUILD` prints it beside another build (e.g. one of an older commit:
 * `npx vite build --outDir /tmp/old` there), matching chunks by their name without the content hash.
 */

interface Asset {
  /** The file name without its content hash (`index-NoV9xAQl.js` → `index.js`): the same chunk in two builds. */
  name: string;
  gzip: number;
}

type Group = 'entry' | 'sign-in' | 'signed-in' | 'lazy';
const GROUPS: Group[] = ['entry', 'sign-in', 'signed-in', 'lazy'];

const withoutHash = (file: string) => file.replace(/-[\w-]{8}(\.(?:js|css))$/, '$1');
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["']\.\/([^"']+\.js)["']/g;

function measure(dir: string): Map<Group, Asset[]> {
  const assets = join(dir, 'assets');
  const files = readdirSync(assets).filter((file) => /\.(js|css)$/.test(file));
  const read = (file: string) => readFileSync(join(assets, file));
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dir, FIRST_PAINT_MANIFEST), 'utf8')) as FirstPaintManifest;
  const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  const groupOf = new Map<string, Group>();
  const claim = (group: Group, roots: string[]) => {
    const pending = [...roots];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (groupOf.has(file)) continue;
      groupOf.set(file, group);
      if (!file.endsWith('.js')) continue;
      for (const match of read(file).toString('utf8').matchAll(STATIC_IMPORT)) pending.push(match[1] ?? '');
    }
  };
  claim(
    'entry',
    [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((match) => match[1] ?? ''),
  );
  claim('sign-in', [...manifest.signIn.modules, ...manifest.signIn.stylesheets].map(fileOf));
  claim('signed-in', [...manifest.dashboard.modules, ...manifest.dashboard.stylesheets].map(fileOf));
  claim('lazy', files);

  const groups = new Map<Group, Asset[]>(GROUPS.map((group) => [group, []]));
  for (const file of files) {
    groups.get(groupOf.get(file) ?? 'lazy')?.push({ name: withoutHash(file), gzip: gzipSync(read(file)).length });
  }
  return groups;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);
const sum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.gzip, 0);
const change = (before: number | undefined, now: number | undefined) =>
  before === undefined || now === undefined ? '' : `${now >= before ? '+' : ''}${kB(now - before)}`;

function print(now: Map<Group, Asset[]>, before?: Map<Group, Asset[]>) {
  const row = (label: string, nowBytes: number | undefined, beforeBytes: number | undefined) => {
    const columns = [label.padEnd(48), (nowBytes === undefined ? '-' : kB(nowBytes)).padStart(9)];
    if (before) columns.push((beforeBytes === undefined ? '-' : kB(beforeBytes)).padStart(9));
    if (before) columns.push(change(beforeBytes, nowBytes).padStart(8));
    console.log(columns.join(' '));
  };
  console.log(
    ['gzip, kB'.padEnd(48), 'now'.padStart(9), ...(before ? ['before'.padStart(9), 'change'.padStart(8)] : [])].join(
      ' ',
    ),
  );
  const all = (groups: Map<Group, Asset[]> | undefined) => [...(groups?.values() ?? [])].flat();
  for (const group of GROUPS) {
    const nowAssets = now.get(group) ?? [];
    const beforeAssets = before?.get(group) ?? [];
    const names = [...new Set([...nowAssets, ...beforeAssets].map((asset) => asset.name))].sort();
    console.log(`\n${group}`);
    for (const name of names) {
      const find = (assets: Asset[]) => assets.filter((asset) => asset.name === name);
      const nowMatches = find(nowAssets);
      const beforeMatches = find(beforeAssets);
      row(
        `  ${name}`,
        nowMatches.length ? sum(nowMatches) : undefined,
        beforeMatches.length ? sum(beforeMatches) : undefined,
      );
    }
    row(`  ${group} total`, sum(nowAssets), before ? sum(beforeAssets) : undefined);
  }
  console.log('');
  row('all files', sum(all(now)), before ? sum(all(before)) : undefined);
}

const [dir = 'dist/web', beforeDir] = process.argv.slice(2);
print(measure(dir), beforeDir ? measure(beforeDir) : undefined);
