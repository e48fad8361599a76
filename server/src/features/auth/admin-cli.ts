/**
 * npm run admin -- create|set-password <username>: creates an admin (an owner) or sets its password;
 * set-role <username> <owner|editor|viewer> changes its role. The password is
 * never an argument (it would stay in the shell history and the process list): it is typed at a hidden
 * prompt, twice, or piped in on standard input (its first line). There is no default password.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connection';
import { createLogger } from '../../lib/logger';
import { migrate } from '../../db/prepare';
import { AdminCommandError, runAdminCommand } from './admin-command';

/** Reads one line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new AdminCommandError('Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of standard input (a pipe or a file). */
async function readFirstLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await promptHidden('New password: ');
  const again = await promptHidden('Repeat it: ');
  if (first !== again) throw new AdminCommandError('The two passwords differ');
  return first;
}

const [command, username, role] = process.argv.slice(2);
const config = loadConfig();
const db = openDatabase(config.database);
try {
  await migrate(db);
  // The log line is the record of the reset, beside the server's own (LOG_LEVEL as for the server).
  const logger = createLogger(config.logLevel);
  console.info(await runAdminCommand(db, command, username, readPassword, logger, role));
} catch (error) {
  if (!(error instanceof AdminCommandError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
