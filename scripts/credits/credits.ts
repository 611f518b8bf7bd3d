/**
 * The credits of about/credits, generated when the client is built (never typed by hand): every
 * package the product ships or runs with, its version and licence, read from the installed
 * dependency tree — the production dependencies of the client and the adapter (and of `common`),
 * followed through node_modules as Node resolves them, each package's own package.json giving
 * its licence — and the Debian packages the server runs (Orthanc with its plugins, PostgreSQL,
 * dcmtk), their licence from Debian's machine-readable copyright file and their version from dpkg.
 * Development tools (Vite, TypeScript, the test stack) are not shipped and are not listed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CreditEntry, Credits } from '@pacs/common';

interface PackageJson {
  name?: string;
  version?: string;
  license?: unknown;
  licenses?: unknown;
  homepage?: unknown;
  repository?: unknown;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The Debian packages of the server side, as scripts/ensure-system.sh installs them. */
export const DEBIAN_PACKAGES = ['orthanc', 'orthanc-dicomweb', 'orthanc-postgresql', 'postgresql-15', 'dcmtk'] as const;

const readJson = (file: string): PackageJson => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** SPDX expression from `license`, or the older `licenses` array / object forms. */
export function licenceOf(pkg: PackageJson): string {
  const text = (value: unknown): string | null =>
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'type' in value
        ? String((value as { type: unknown }).type)
        : null;
  const single = text(pkg.license);
  if (single) return single;
  if (Array.isArray(pkg.licenses)) {
    const all = pkg.licenses.map(text).filter((each): each is string => !!each);
    if (all.length > 0) return all.length === 1 ? all[0]! : `(${all.join(' OR ')})`;
  }
  return 'UNKNOWN';
}

function homepageOf(pkg: PackageJson): string {
  if (typeof pkg.homepage === 'string') return pkg.homepage;
  const repo = typeof pkg.repository === 'string' ? pkg.repository : (pkg.repository as { url?: unknown } | undefined)?.url;
  if (typeof repo !== 'string') return '';
  return repo
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^github:/, 'https://github.com/');
}

/** Where Node finds `name` from the package at `fromDir`: the nearest node_modules up the tree. */
function resolvePackage(name: string, fromDir: string, root: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dir === root || dirname(dir) === dir) return null;
    dir = dirname(dir);
  }
}

/**
 * Every package reached from the workspaces' production dependencies, by name@version, with the
 * sides that use it. Optional and required peer dependencies count when they are installed.
 */
export function npmCredits(root: string, workspaces: Record<'client' | 'server', readonly string[]>): CreditEntry[] {
  const found = new Map<string, CreditEntry>();
  for (const side of ['client', 'server'] as const) {
    const seen = new Set<string>();
    const walk = (dir: string, pkg: PackageJson) => {
      // An optional peer (a type checker a library can use) is the app's choice, not the library's need.
      const peers = Object.keys(pkg.peerDependencies ?? {}).filter((name) => !pkg.peerDependenciesMeta?.[name]?.optional);
      const deps = [...new Set([...peers, ...Object.keys(pkg.optionalDependencies ?? {}), ...Object.keys(pkg.dependencies ?? {})])];
      for (const name of deps) {
        const file = resolvePackage(name, dir, root);
        if (!file) continue;
        const real = realpathSync(dirname(file));
        if (seen.has(real)) continue;
        seen.add(real);
        const child = readJson(file);
        // Our own workspaces (common) are followed, not credited.
        if (!child.name?.startsWith('@pacs/')) {
          const key = `${child.name ?? name}@${child.version ?? ''}`;
          const entry = found.get(key) ?? {
            Name: child.name ?? name,
            Version: child.version ?? '',
            License: licenceOf(child),
            Homepage: homepageOf(child),
            Source: 'npm' as const,
            Used: [],
          };
          if (!entry.Used.includes(side)) entry.Used.push(side);
          found.set(key, entry);
        }
        walk(real, child);
      }
    };
    for (const workspace of workspaces[side]) {
      const dir = join(root, workspace);
      walk(dir, readJson(join(dir, 'package.json')));
    }
  }
  return [...found.values()];
}

/**
 * The licence of a Debian package from its copyright file: the `Files: *` paragraph's License
 * (the machine-readable format, DEP-5), else the first License field.
 */
export function debianLicence(copyright: string): string {
  const paragraphs = copyright.split(/\n\s*\n/);
  const licenceIn = (paragraph: string) => /^License:[ \t]*(.+)$/m.exec(paragraph)?.[1]?.trim();
  const main = paragraphs.find((paragraph) => /^Files:[ \t]*\*[ \t]*$/m.test(paragraph));
  return (main && licenceIn(main)) || paragraphs.map(licenceIn).find(Boolean) || 'UNKNOWN';
}

/** The Debian packages installed on the building machine (none when dpkg is absent). */
export function debianCredits(docRoot = '/usr/share/doc'): CreditEntry[] {
  const entries: CreditEntry[] = [];
  for (const name of DEBIAN_PACKAGES) {
    const copyright = join(docRoot, name, 'copyright');
    if (!existsSync(copyright)) continue;
    let version = '';
    let homepage = '';
    try {
      [version = '', homepage = ''] = execFileSync('dpkg-query', ['-W', '-f', '${Version}\t${Homepage}', name], { encoding: 'utf8' }).split(
        '\t',
      );
    } catch {
      // Not known to dpkg (a copied doc folder): credited without a version.
    }
    entries.push({
      Name: name,
      Version: version,
      License: debianLicence(readFileSync(copyright, 'utf8')),
      Homepage: homepage,
      Source: 'debian',
      Used: ['server'],
    });
  }
  return entries;
}

export function generateCredits(root: string): Credits {
  const components = [...debianCredits(), ...npmCredits(root, { client: ['client'], server: ['adapter'] })];
  components.sort((a, b) => a.Name.localeCompare(b.Name, 'en') || a.Version.localeCompare(b.Version, 'en'));
  return { Components: components };
}
