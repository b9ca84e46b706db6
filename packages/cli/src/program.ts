import { Command } from 'commander';

/** Fills in a top-level command (options, arguments, subcommands, actions) that `buildProgram` created. */
type Register = (command: Command) => void;

/**
 * The top-level commands, each in its own module. A command's module is loaded only when it is the one asked
 * for: `attila knights ...` need not start the server's libraries (SQLite, PostgreSQL, Redis, web push), nor
 * `attila --help` any game.
 */
const COMMANDS: readonly { name: string; description: string; load: () => Promise<Register> }[] = [
  {
    name: 'serve',
    description: 'start the game server: lobby, live play, bots, and the web app if built',
    load: async () => (await import('./commands/serve.js')).registerServe,
  },
  {
    name: 'arena',
    description:
      'play bots against each other with rotated seats and report win rates with 95% confidence intervals',
    load: async () => (await import('./commands/arena.js')).registerArena,
  },
  {
    name: 'tribes',
    description: "Tribes (Schmiel's Attila, 2000): play, self-play, replay",
    load: async () => (await import('./commands/tribes.js')).registerTribes,
  },
  {
    name: 'knights',
    description: "Knights (Faidutti's Attila, 2015): perft, legal moves, layouts, play in the terminal",
    load: async () => (await import('./commands/knights.js')).registerKnights,
  },
  {
    name: 'admin',
    description: "operate a server: back up and restore its database, grant accounts' roles",
    load: async () => (await import('./commands/admin.js')).registerAdmin,
  },
  {
    name: 'bot',
    description: 'run your own bot program (the bot protocol: one JSON object a line on stdin/stdout)',
    load: async () => (await import('./commands/bot.js')).registerBot,
  },
];

/** The command that `args` (without node and the script) asks for: its first word, or the one after `help`. */
function askedFor(args: readonly string[]): string | undefined {
  // The top-level options (--version, --help) take no value, so the first word is the command.
  const words = args.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/**
 * The command tree. With `args` (the command line without node and the script), only the command they ask for
 * is filled in; the others are there by name and description (for `attila --help`, and for a mistyped
 * command's "did you mean"). Without, every command is filled in.
 */
export async function buildProgram(args?: readonly string[]): Promise<Command> {
  const program = new Command('attila')
    .description('Attila: play, analyse and serve the two board games called Attila (Knights and Tribes).')
    .version('0.1.0')
    .showHelpAfterError('(attila <command> --help shows what each command takes)')
    .configureOutput({ outputError: (text, write) => write(text) });
  const asked = args === undefined ? undefined : askedFor(args);
  for (const { name, description, load } of COMMANDS) {
    const command = program.command(name).description(description);
    if (args === undefined || name === asked) (await load())(command);
  }
  return program;
}
