/** Thrown when a setting is present but unusable: the process refuses to start and says which and why. */
export class ConfigError extends Error {}

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** Parses sizes such as `1048576`, `512kb` or `1mb`. */
export function parseByteSize(raw: string, name: string): number {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(raw.trim());
  if (!match) throw new ConfigError(`${name} must be a size such as 1048576, 512kb or 1mb, got "${raw}"`);
  const bytes = Number(match[1]) * SIZE_UNITS[(match[2] ?? "b").toLowerCase()];
  if (bytes <= 0) throw new ConfigError(`${name} must be greater than zero`);
  return bytes;
}

/**
 * The one way the product reads its environment. Every read names its variable, so the set of
 * variables the product understands is known (`names`) and the settings table of docs/configuration.md is checked
 * against it. `aliases` are older names still accepted for the same setting.
 */
export class Settings {
  /** Every variable read so far, with its aliases. */
  readonly names = new Set<string>();

  private readonly env: NodeJS.ProcessEnv;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.env = env;
  }

  /** The raw value of the first of `name` and its aliases that is set and not empty. */
  raw(name: string, aliases: readonly string[] = []): string | undefined {
    for (const candidate of [name, ...aliases]) {
      this.names.add(candidate);
      const value = this.env[candidate];
      if (value !== undefined && value !== "") return value;
    }
    return undefined;
  }

  string(name: string, fallback: string, aliases?: readonly string[]): string {
    return this.raw(name, aliases) ?? fallback;
  }

  optionalString(name: string, aliases?: readonly string[]): string | undefined {
    return this.raw(name, aliases);
  }

  port(name: string, fallback: number, aliases?: readonly string[]): number {
    const raw = this.raw(name, aliases);
    if (raw === undefined) return fallback;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`${name} must be a port number between 0 and 65535, got "${raw}"`);
    return port;
  }

  positiveInt(name: string, fallback: number): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
    return value;
  }

  /** 0 or more. */
  count(name: string, fallback: number): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be 0 or a positive integer, got "${raw}"`);
    return value;
  }

  boolean(name: string, fallback = false): boolean {
    const raw = this.raw(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === "false" || raw === "0") return false;
    if (raw === "true" || raw === "1") return true;
    throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  }

  /** One of `choices`, or `fallback` when unset. */
  choice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (!(choices as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${choices.join(", ")}, got "${raw}"`);
    return raw as T;
  }

  url(name: string, aliases?: readonly string[]): URL | undefined {
    const raw = this.raw(name, aliases);
    if (raw === undefined) return undefined;
    try {
      const url = new URL(raw);
      if (url.protocol === "http:" || url.protocol === "https:") return url;
    } catch {
      /* refused below */
    }
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }

  byteSize(name: string, fallback: string): number {
    return parseByteSize(this.raw(name) ?? fallback, name);
  }
}
