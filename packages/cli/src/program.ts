import { Command } from 'commander';

/** Fills in a top-level command (options, arguments, subcommands, actions) that `buildProgram` created. */
type Register = (command: Command) => void;

/** The words of a command line that are not options: the command, its subcommand, their arguments. */
function words(args: readonly string[]): string[] {
  return args.filter((a) => !a.startsWith('-'));
}

/**
 * The top-level commands, each in its own module. A command's module is loaded only when it is the one asked
 * for: `attila knights ...` need not start the server's libraries (SQLite, PostgreSQL, Redis, web push), nor
 * `attila --help` any game.
 */
const COMMANDS: readonly {
  name: string;
  description: string;
  load: (args: readonly string[] | undefined) => Promise<Register>;
}[] = [
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
    // `knights solve` and `analyse` answer in under a second as a whole process, most of it loading modules:
    // they load the solver's alone, not every bot and the terminal game (`attila knights --help` lists all).
    load: async (args) =>
      args !== undefined && ['solve', 'analyse', 'analyze'].includes(words(args)[1] ?? '')
        ? (await import('./commands/knights-solve.js')).registerKnightsSolveOnly
        : (await import('./commands/knights.js')).registerKnights,
  },
  {
    name: 'tournament',
    description:
      'events (Swiss, arena, Tribes rounds): simulate a whole one with bots, paired as the server does',
    load: async () => (await import('./commands/tournament.js')).registerTournament,
  },
  {
    name: 'replay',
    description: 'check a game record (Knights or Tribes) move by move and print its result as JSON',
    load: async () => (await import('./commands/replay.js')).registerReplay,
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

/** One error style everywhere: `error: ...` on standard error (commander's own messages have it already). */
export function errorLine(text: string): string {
  return text.startsWith('error: ') || text.startsWith('(') ? text : `error: ${text}`;
}

/** `attila knights play`: the full name a command is typed as. */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** After an error, a pointer to the help of the command that failed (named, not `<command>`). */
function hintHelp(command: Command): void {
  const path = pathOf(command);
  command.showHelpAfterError(
    command.parent
      ? `(${path} --help shows what it takes)`
      : `(${path} COMMAND --help shows what each command takes)`,
  );
  for (const sub of command.commands) hintHelp(sub);
}

/** The command that `args` (without node and the script) asks for: its first word, or the one after `help`. */
function askedFor(args: readonly string[]): string | undefined {
  // The top-level options (--version, --help) take no value, so the first word is the command.
  const [first, second] = words(args);
  return first === 'help' ? second : first;
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
    .configureOutput({ outputError: (text, write) => write(errorLine(text)) });
  const asked = args === undefined ? undefined : askedFor(args);
  for (const { name, description, load } of COMMANDS) {
    const command = program.command(name).description(description);
    if (args === undefined || name === asked) (await load(args))(command);
  }
  hintHelp(program);
  return program;
}
