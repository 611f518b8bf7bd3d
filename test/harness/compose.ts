/**
 * docker-compose.yml as Docker Compose reads it, for the tests that check it without a Docker
 * engine (README "Docker Compose"): YAML anchors and merge keys resolved, ${NAME} interpolated
 * from a given environment the way Compose does (`:-` default, `:?` required, `$$` a dollar),
 * and the few facts the tests compare (environments, mounts, published ports, the Dockerfile).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const COMPOSE_FILE = join(repoRoot, 'docker-compose.yml');
export const DOCKERFILE = join(repoRoot, 'Dockerfile');

export interface Mount {
  type: 'volume' | 'bind';
  source: string;
  target: string;
  readOnly: boolean;
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  user?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: { type: 'volume' | 'bind'; source: string; target: string; read_only?: boolean }[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
}

export interface ComposeFile {
  name: string;
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

const REFERENCE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** One string interpolated as Compose does; a missing required variable throws its message. */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(REFERENCE, (whole, braced?: string, operator?: string, argument?: string, bare?: string) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare)!;
    const value = env[name];
    const missing = operator?.startsWith(':') ? value === undefined || value === '' : value === undefined;
    if (operator?.endsWith('-')) return missing ? (argument ?? '') : value!;
    if (operator?.endsWith('?') && missing) throw new Error(`required variable ${name} is missing: ${argument}`);
    return value ?? '';
  });
}

function interpolateAll(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env)]));
  }
  return value;
}

/** docker-compose.yml with `env` standing for the shell environment and .env. */
export function readCompose(env: Record<string, string | undefined>): ComposeFile {
  const parsed: unknown = parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true });
  return interpolateAll(parsed, env) as ComposeFile;
}

export function service(compose: ComposeFile, name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** A service's environment, every value a string (as the container sees it). */
export function environment(of: ComposeService): Record<string, string> {
  return Object.fromEntries(Object.entries(of.environment ?? {}).map(([key, value]) => [key, String(value)]));
}

export function mounts(of: ComposeService): Mount[] {
  return (of.volumes ?? []).map((volume) => ({
    type: volume.type,
    source: volume.source,
    target: volume.target,
    readOnly: volume.read_only === true,
  }));
}

/** The mount a path inside the container lies on (the deepest one), if any. */
export function mountOf(of: ComposeService, path: string): Mount | undefined {
  return mounts(of)
    .filter((mount) => path === mount.target || path.startsWith(`${mount.target}/`))
    .sort((a, b) => b.target.length - a.target.length)[0];
}

/** Published ports as [host, container] numbers ("host:container" or "address:host:container"). */
export function publishedPorts(of: ComposeService): { published: number; target: number }[] {
  return (of.ports ?? []).map((spec) => {
    const parts = spec.split(':');
    return { published: Number(parts.at(-2)), target: Number(parts.at(-1)) };
  });
}

export interface DockerStage {
  from: string;
  name: string | undefined;
  lines: string[];
}

/** The Dockerfile's stages, with its global ARG defaults substituted into FROM. */
export function dockerStages(): DockerStage[] {
  const args = new Map<string, string>();
  const stages: DockerStage[] = [];
  for (const raw of readFileSync(DOCKERFILE, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) {
      const image = from[1]!.replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? '');
      stages.push({ from: image, name: from[2], lines: [] });
      continue;
    }
    const arg = /^ARG\s+(\w+)=(\S+)$/.exec(line);
    if (arg && stages.length === 0) args.set(arg[1]!, arg[2]!);
    stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** The ENV the image's last stage sets (what the adapter's container has before compose's own). */
export function imageEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of dockerStages().at(-1)?.lines ?? []) {
    const match = /^ENV\s+(\w+)=(\S+)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}
