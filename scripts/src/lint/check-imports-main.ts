import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkImports, SOURCE_FILE } from './check-imports';

// `npm run lint` runs this after biome: every import of every source file the repository holds,
// resolved and held against scripts/src/lint/import-rules.ts. `-- --root DIR` checks another tree
// (the tests give it one with a crossing in it). Exit code 1 when anything crosses.

const rootFlag = process.argv.indexOf('--root');
const root = path.resolve(rootFlag > 0 ? process.argv[rootFlag + 1]! : path.join(__dirname, '../../..'));

function sourceFiles(): string[] {
  const listed = fs.existsSync(path.join(root, '.git'))
    ? execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        cwd: root,
        encoding: 'utf8',
      })
        .split('\n')
        .filter((file) => file !== '' && fs.existsSync(path.join(root, file)))
    : (fs.readdirSync(root, { recursive: true }) as string[]).map((file) => file.split(path.sep).join('/'));
  return listed.filter((file) => SOURCE_FILE.test(file) && !/(^|\/)(node_modules|dist)\//.test(file));
}

const files = sourceFiles().map((file) => ({
  path: file,
  text: fs.readFileSync(path.join(root, file), 'utf8'),
}));
const violations = checkImports(files);
for (const { file, line, specifier, message } of violations) {
  process.stderr.write(`${file}:${line}  import '${specifier}'\n  ${message}\n`);
}
if (violations.length > 0) {
  process.stderr.write(
    `\n${violations.length} import(s) break the rules of scripts/src/lint/import-rules.ts.\n`,
  );
  process.exitCode = 1;
} else {
  process.stdout.write(`Imports: ${files.length} files follow scripts/src/lint/import-rules.ts.\n`);
}
