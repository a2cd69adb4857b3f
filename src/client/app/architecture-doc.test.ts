import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/domain/roles';
import { tr } from '../i18n/tr';
import { kitchenScreens } from './kitchen-app';
import { ownerScreens } from './owner-app';
import { waiterScreens } from './waiter-app';

/*
 * docs/architecture.md has one row per sidebar screen of each role, naming the screen's client
 * feature, server modules and contract files. Its rows are checked here against the sidebars
 * themselves: the screens each role's dashboard (<role>-app.tsx) hands to RoleDashboard, which
 * draws the sidebar from them and links each item to /<role>/<key>.
 */

const REPO = path.resolve(__dirname, '../../..');
const DOC = 'docs/architecture.md';

interface Screen {
  role: Role;
  label: string;
  path: string;
}

interface Row extends Screen {
  roleName: string;
  paths: string[];
  line: number;
}

const SIDEBARS: Record<Role, { key: string; label: string }[]> = { owner: ownerScreens, kitchen: kitchenScreens, waiter: waiterScreens };

/** The sidebar's items, each linked as /<role>/<key> (RoleDashboard). */
const sidebarOf = (role: Role): Screen[] => SIDEBARS[role].map((s) => ({ role, label: s.label, path: `/${role}/${s.key}` }));

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The screen table's rows: the lines starting with `|` under the header `| Rol | Ekran | …`. */
function tableRows(): Row[] {
  const lines = readFileSync(path.join(REPO, DOC), 'utf8').split('\n');
  const header = lines.findIndex((l) => l.startsWith('|') && cells(l)[0] === 'Rol');
  if (header < 0) throw new Error(`${DOC}: no table with the header "| Rol | Ekran | Adres | …"`);
  expect(cells(lines[header])).toEqual(['Rol', 'Ekran', 'Adres', 'İstemci', 'Sunucu', 'Sözleşme']);
  const rows: Row[] = [];
  for (let i = header + 2; i < lines.length && lines[i].startsWith('|'); i++) {
    const [roleName, label, address, client, server, contract] = cells(lines[i]);
    const route = codeSpans(address)[0] ?? address;
    const role = route.split('/')[1] as Role;
    rows.push({ role, roleName, label, path: route, paths: [client, server, contract].flatMap(codeSpans), line: i + 1 });
  }
  return rows;
}

const key = (s: Screen) => `${s.role} · ${s.label} · ${s.path}`;

describe(`${DOC}: the screen table`, () => {
  it('has exactly one row for every sidebar screen of each role, and no other row', () => {
    const sidebars = ROLES.flatMap(sidebarOf);
    expect(ROLES.filter((role) => !sidebars.some((s) => s.role === role))).toEqual([]); // every sidebar was read
    const rows = tableRows();
    const count = (s: Screen) => rows.filter((r) => key(r) === key(s)).length;
    const missing = sidebars.filter((s) => count(s) === 0).map((s) => `missing row: ${key(s)}`);
    const doubled = sidebars.filter((s) => count(s) > 1).map((s) => `more than one row: ${key(s)}`);
    const extra = rows
      .filter((r) => !sidebars.some((s) => key(s) === key(r)))
      .map((r) => `${DOC}:${r.line}: no such sidebar screen: ${key(r)}`);
    expect([...missing, ...doubled, ...extra]).toEqual([]);
  });

  it("names each row's role as the sign-in does", () => {
    const wrong = tableRows()
      .filter((r) => r.roleName !== tr.roles[r.role])
      .map((r) => `${DOC}:${r.line}: "${r.roleName}" should be "${tr.roles[r.role]}" (${r.path})`);
    expect(wrong).toEqual([]);
  });

  it('names only client features, server modules and contracts that exist', () => {
    const rows = tableRows();
    const absent = rows.flatMap((r) =>
      r.paths.filter((p) => !existsSync(path.join(REPO, p))).map((p) => `${DOC}:${r.line} (${r.label}): ${p} does not exist`),
    );
    expect(absent).toEqual([]);
    // every row names at least one of each
    const incomplete = rows
      .filter((r) => !['src/client/', 'src/server/modules/', 'src/shared/'].every((prefix) => r.paths.some((p) => p.startsWith(prefix))))
      .map((r) => `${DOC}:${r.line} (${r.label}): a client feature, a server module and a contract each`);
    expect(incomplete).toEqual([]);
  });
});
