/** The games this server hosts and their bots: the real engines and @attila/bots. */
import type { BotModule } from './catalog.js';

export const botModule: BotModule = { games: {}, bots: {} };
