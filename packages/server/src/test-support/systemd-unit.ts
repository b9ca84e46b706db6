/**
 * A systemd service unit read the way systemd reads the parts that start its process (systemd.service(5),
 * systemd.exec(5), systemd.unit(5)), so a test can start that process without systemd as PID 1: the
 * `[Service]` settings with continuation lines, ExecStart= split into words (quotes, `${VAR}` as one word,
 * `$VAR` split on spaces), Environment= and EnvironmentFile= values, and the specifiers %i, %I, %H, %n, %%.
 * Anything else it meets (another specifier, an ExecStart= prefix such as `-` or `+`, two ExecStart= lines)
 * is an error, so a unit this reads wrongly fails the test instead of starting something else.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface UnitFile {
  /** Each section's settings in order (a key may repeat, e.g. Environment=). */
  readonly sections: ReadonlyMap<string, readonly (readonly [string, string])[]>;
}

export function parseUnit(text: string): UnitFile {
  const sections = new Map<string, [string, string][]>();
  let current: [string, string][] | null = null;
  // A line ending in a backslash goes on with the next (comment lines inside it are skipped).
  const lines: string[] = [];
  let pending: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending !== null && (line.startsWith('#') || line.startsWith(';'))) continue;
    const joined: string = pending === null ? line : `${pending} ${line}`;
    if (joined.endsWith('\\')) pending = joined.slice(0, -1).trimEnd();
    else {
      pending = null;
      lines.push(joined);
    }
  }
  if (pending !== null) throw new Error('the unit ends inside a continued line');
  for (const line of lines) {
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[([^\]]+)\]$/.exec(line);
    if (section) {
      current = [];
      sections.set(section[1], current);
      continue;
    }
    const eq = line.indexOf('=');
    if (current === null || eq <= 0) throw new Error(`not a setting of a section: "${line}"`);
    current.push([line.slice(0, eq).trim(), line.slice(eq + 1).trim()]);
  }
  return { sections };
}

export function readUnit(file: string): UnitFile {
  return parseUnit(readFileSync(file, 'utf8'));
}

/** Every value of `key` in `section`, in order. */
export function settings(unit: UnitFile, section: string, key: string): string[] {
  return (unit.sections.get(section) ?? []).filter(([k]) => k === key).map(([, v]) => v);
}

/** The one value of `key` in `section` (an error when absent or given twice). */
export function setting(unit: UnitFile, section: string, key: string): string {
  const values = settings(unit, section, key);
  if (values.length !== 1) throw new Error(`[${section}] ${key}= is given ${values.length} times, not once`);
  return values[0];
}

/** The specifiers systemd replaces in the settings read here (the unit's name is `prefix@instance.service`). */
export function specifiers(value: string, unitName: string, instance: string): string {
  return value.replace(/%(.)/g, (_, c: string) => {
    switch (c) {
      case 'i':
      case 'I':
        return instance;
      case 'H':
        return hostname();
      case 'n':
        return unitName;
      case '%':
        return '%';
      default:
        throw new Error(`the specifier %${c} is not one this reader knows (%i %I %H %n %%)`);
    }
  });
}

/** Words as systemd splits a command line or an Environment= value: whitespace, double and single quotes. */
export function words(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i])) i++;
    if (i >= line.length) break;
    let word = '';
    while (i < line.length && !/\s/.test(line[i])) {
      const q = line[i];
      if (q === '"' || q === "'") {
        const end = line.indexOf(q, i + 1);
        if (end < 0) throw new Error(`an unclosed quote in: ${line}`);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (q === '\\' && i + 1 < line.length) {
        word += line[i + 1];
        i += 2;
      } else word += line[i++];
    }
    out.push(word);
  }
  return out;
}

/** KEY=VALUE lines of an environment file (comments and blank lines skipped, one pair of quotes removed). */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) throw new Error(`not a KEY=VALUE line of an environment file: "${line}"`);
    const value = m[2].trim();
    env[m[1]] = /^(".*"|'.*')$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}

/**
 * ExecStart= as the words of the command systemd runs: `${VAR}` is the variable's value as one word (an
 * unset one: empty), `$VAR` alone as a word is its value split on whitespace (unset: no word at all).
 */
export function commandLine(execStart: string, env: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const word of words(execStart)) {
    const alone = /^\$([A-Za-z_][A-Za-z0-9_]*)$/.exec(word);
    if (alone) {
      out.push(...(env[alone[1]] ?? '').split(/\s+/).filter((w) => w !== ''));
      continue;
    }
    out.push(word.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => env[name] ?? ''));
  }
  const first = out[0] ?? '';
  if (/^[-@:+!]/.test(first)) throw new Error(`ExecStart= prefixes are not read here: "${first}"`);
  return out;
}

/** The environment variables a command line names (`${VAR}` and `$VAR`). */
export function variablesOf(execStart: string): string[] {
  return [...new Set([...execStart.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g)].map((m) => m[1]))];
}
