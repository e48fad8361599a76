/**
 * The fake lead backend of the tests (server/test/leads/fake-cloud-functions.ts) in a process of its own, so the
 * load generator does not slow it down (a starved fake answers late, and a late answer is a timeout and a
 * retry). The benchmark steers it over IPC: slow, down, back, and how many leads it accepted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FakeCloudFunctions } from '../../server/test/leads/fake-cloud-functions';

type Command =
  | { cmd: 'delay'; ms: number }
  | { cmd: 'stop' }
  | { cmd: 'start' }
  | { cmd: 'accepted'; prefix: string };

interface Reply {
  id: number;
  port?: number;
  accepted?: Array<[string, number]>;
}

if (process.send && process.argv[2] === 'child') {
  const fake = new FakeCloudFunctions();
  await fake.start();
  process.send({ id: 0, port: fake.port });
  process.on('message', (message: Command & { id: number }) => {
    void (async () => {
      const reply: Reply = { id: message.id };
      if (message.cmd === 'delay') fake.delayMs = message.ms;
      else if (message.cmd === 'stop') await fake.stop({ graceful: true });
      else if (message.cmd === 'start') await fake.start();
      else if (message.cmd === 'accepted')
        reply.accepted = [...fake.acceptedLeads.entries()].filter(([uuid]) =>
          uuid.startsWith(message.prefix),
        );
      process.send!(reply);
    })();
  });
}

export class UpstreamProcess {
  private child: ChildProcess | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = fork(fileURLToPath(import.meta.url), ['child'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.port = await new Promise<number>((resolve, reject) => {
      this.child!.once('message', (reply: Reply) => resolve(reply.port!));
      this.child!.once('exit', (code) => reject(new Error(`fake backend exited with ${code}`)));
    });
    this.child.on('message', (reply: Reply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  private send(command: Command): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child!.send({ ...command, id });
    });
  }

  setDelay(ms: number): Promise<Reply> {
    return this.send({ cmd: 'delay', ms });
  }

  /** Refuse connections (answers already being written still reach the caller). */
  goDown(): Promise<Reply> {
    return this.send({ cmd: 'stop' });
  }

  comeBack(): Promise<Reply> {
    return this.send({ cmd: 'start' });
  }

  async accepted(prefix: string): Promise<Map<string, number>> {
    return new Map((await this.send({ cmd: 'accepted', prefix })).accepted);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}
