/** Runs the real `attila` command as a child process, for the command-line tests. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const BIN = resolve(import.meta.dirname, '../../bin/attila.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `attila` with the given arguments. `input` is either all of standard input, or answers each prompt
 * (a line ending in "> ") from what was printed so far (null closes standard input).
 */
export function attila(
  args: string[],
  input: string | ((stdout: string) => string | null) = '',
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let answered = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (typeof input === 'function' && /> $/.test(stdout)) {
        const prompts = stdout.split(/> /).length - 1;
        if (prompts > answered) {
          answered = prompts;
          const reply = input(stdout);
          if (reply === null) child.stdin.end();
          else child.stdin.write(reply + '\n');
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    if (typeof input === 'string') child.stdin.end(input);
  });
}
