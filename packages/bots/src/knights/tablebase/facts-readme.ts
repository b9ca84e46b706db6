/**
 * Writes what the tables say about the standard board into the Knights README, between the markers
 * `<!-- knights-facts:start -->` and `<!-- knights-facts:end -->` (see `facts.ts`): counted from the built
 * tablebase and the shipped opening table, never typed by hand.
 *
 *   npx tsx packages/bots/src/knights/tablebase/facts-readme.ts [--dir DIR] [--print]
 *
 * `--dir`: the tablebase folder (default `$ATTILA_TABLEBASE_DIR`, else the data folder's `tablebase`, as
 * `attila knights tablebase build` writes it); `--print` prints the section instead of writing it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STANDARD_LAYOUT } from '@attila/knights';
import { standardOpeningTable } from '../table/load.js';
import { TablebaseFile } from './file.js';
import { factsMarkdown, openingFacts, tablebaseFacts } from './facts.js';
import { tablebaseFileIn } from './make.js';
import { tablebaseSpaceFor } from './lookup.js';

const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const dir =
  dirAt >= 0
    ? args[dirAt + 1]
    : (process.env.ATTILA_TABLEBASE_DIR ??
      join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'attila', 'tablebase'));
const file = tablebaseFileIn(dir, STANDARD_LAYOUT);
if (!TablebaseFile.exists(file)) {
  console.error(`no tablebase at ${file}: build it with "attila knights tablebase build" (or give --dir)`);
  process.exit(1);
}
const tb = TablebaseFile.open(file, tablebaseSpaceFor(STANDARD_LAYOUT), STANDARD_LAYOUT.shape);
const markdown = factsMarkdown(tablebaseFacts(tb), openingFacts(standardOpeningTable()!, STANDARD_LAYOUT));
tb.close();
if (args.includes('--print')) {
  console.log(markdown);
} else {
  const readme = fileURLToPath(new URL('../README.md', import.meta.url));
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- knights-facts:start -->';
  const end = '<!-- knights-facts:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    console.error(`${readme} has no ${start} … ${end} section`);
    process.exit(1);
  }
  const generated = `${start}\n<!-- written by packages/bots/src/knights/tablebase/facts-readme.ts from the tables: do not edit -->\n\n${markdown}\n\n`;
  writeFileSync(readme, text.slice(0, from) + generated + text.slice(to));
  console.log(`${readme}: the facts section rewritten`);
}
