import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts file under `dir` (a path from the repository root), for the checks that read source. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}
