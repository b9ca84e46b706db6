import { buildProgram } from './program.js';

await (await buildProgram(process.argv.slice(2))).parseAsync(process.argv);
