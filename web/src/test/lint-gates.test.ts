/**
 * The lint `make test` runs is a gate only if it fails where it should: an import cycle between
 * two TypeScript modules is reported (import-x/no-cycle reads .ts/.tsx only with its TypeScript
 * settings, which it once lacked and so checked nothing).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

describe('the lint gate', () => {
  it('reports an import cycle between TypeScript modules', async () => {
    const dir = mkdtempSync(join(import.meta.dirname, 'planted-cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): unknown => b;\n");
      writeFileSync(join(dir, 'b.tsx'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
      const eslint = new ESLint({ cwd: join(import.meta.dirname, '../..') });
      const results = await eslint.lintFiles([join(dir, 'a.ts'), join(dir, 'b.tsx')]);
      const cycles = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle'));
      expect(cycles).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
