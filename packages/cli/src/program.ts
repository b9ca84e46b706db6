import { Command } from 'commander';
import { registerArena } from './commands/arena.js';
import { registerBot } from './commands/bot.js';
import { registerKnights } from './commands/knights.js';
import { registerServe } from './commands/serve.js';
import { registerTribes } from './commands/tribes.js';

/** The whole command tree; each game or service adds its own subcommand from its own module. */
export function buildProgram(): Command {
  const program = new Command('attila')
    .description('Attila: play, analyse and serve the two board games called Attila (Knights and Tribes).')
    .version('0.1.0')
    .showHelpAfterError('(attila <command> --help shows what each command takes)')
    .configureOutput({ outputError: (text, write) => write(text) });
  registerServe(program);
  registerArena(program);
  registerTribes(program);
  registerKnights(program);
  registerBot(program);
  return program;
}
