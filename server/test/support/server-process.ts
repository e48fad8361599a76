/**
 * A server as its own child process (the production start, npm, or tsx), and its address once it serves: for
 * the tests of what only a real process shows — signals, the process tree, several processes on one database.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface Started {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function launch(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Started {
  // process.env carries vitest's NODE_ENV=test: the production start must set production itself.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

export async function serving(started: Started): Promise<string> {
  const found = new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      const match = /serving on http:\/\/localhost:(\d+)/.exec(started.output());
      if (match) {
        clearInterval(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    }, 50);
    void started.exited.then(() => clearInterval(timer));
  });
  const ended = started.exited.then(({ code, signal }) => {
    throw new Error(`exited (${code ?? signal}) before serving:\n${started.output()}`);
  });
  return Promise.race([found, ended]);
}
