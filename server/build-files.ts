/**
 * What the server reads from the build it serves (the pages' manifest with their scripts' CSP
 * hashes, the flow catalogue), kept in step with that build. A deploy that replaces the build
 * under a running server, or a build made in place, changes these files; read once at start, the
 * server kept the old hashes (a changed head script was blocked) and the old catalogue (the new
 * pages' beacons were refused) until it was restarted. Each use looks at the files' identity (one
 * stat each: inode, size, modification time; about a microsecond each) and reads them again when
 * it changed. A read that fails (a file missing or half written while a build runs)
 * keeps what was read before and is tried again on the next use.
 */
import { statSync } from 'node:fs';

/** The identity of a file as it is now (inode, size, modification time); all 0 when it is missing. */
function identity(file: string, into: number[], at: number): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  into[at] = stat?.ino ?? 0;
  into[at + 1] = stat?.size ?? 0;
  // Milliseconds with the nanoseconds as a fraction: a rewrite a microsecond later still differs.
  into[at + 2] = stat?.mtimeMs ?? 0;
}

/**
 * `read` of `files`, read again whenever one of them changes. `read` answers undefined when the
 * files are not (yet) what it needs; `onChange` hears of every new value after the first.
 */
export function followBuildFiles<T>(
  files: readonly string[],
  read: () => T | undefined,
  onChange: (value: T) => void = () => {},
): () => T | undefined {
  let value: T | undefined;
  // Numbers compared in place: this runs on every page and every beacon.
  let seen: number[] | undefined;
  const now = new Array<number>(files.length * 3).fill(0);
  return () => {
    files.forEach((file, i) => identity(file, now, i * 3));
    if (seen?.every((n, i) => n === now[i])) return value;
    const next = read();
    if (next === undefined) return value;
    const first = value === undefined;
    value = next;
    seen = [...now];
    if (!first) onChange(next);
    return value;
  };
}
