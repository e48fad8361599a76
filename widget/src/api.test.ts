/** The API client's failures: the visitor's words beside the technical reason (issue 15). */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from './api';
import {
  CHECK_DETAILS_MESSAGE,
  OFFLINE_MESSAGE,
  RequestFailure,
  SERVER_TROUBLE_MESSAGE,
} from './failure-text';

const answering = (response: () => Response | Promise<Response>) =>
  createApi(
    'https://api.example',
    vi.fn(async () => response()),
  );
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function failure(run: Promise<unknown>): Promise<RequestFailure> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestFailure);
  return error as RequestFailure;
}

describe('a failed call', () => {
  it('that never reached the server (offline, "Failed to fetch") asks to check the connection', async () => {
    const api = answering(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.sendLead({} as never));
    expect(error.visitorMessage).toBe(OFFLINE_MESSAGE);
    expect(error.visitorMessage).not.toMatch(/fetch/i);
    expect(error.message).toContain('Failed to fetch');
  });

  it.each([500, 502, 503])(
    'answered %i says the server has trouble, never its status text',
    async (status) => {
      const api = answering(
        () => new Response('<html>Bad Gateway</html>', { status, statusText: 'Bad Gateway' }),
      );
      const error = await failure(api.sendLead({} as never));
      expect(error.visitorMessage).toBe(SERVER_TROUBLE_MESSAGE);
      expect(error.message).toBe('API Error: 502 Bad Gateway'.replace('502', String(status)));
    },
  );

  it('refused (400) gives the server’s reason, a field’s code name in the visitor’s words', async () => {
    const api = answering(() => json(400, { error: 'first_name must be at least 2 characters' }));
    const error = await failure(api.sendLead({} as never));
    expect(error.visitorMessage).toBe(
      `First name must be at least 2 characters. ${CHECK_DETAILS_MESSAGE}`,
    );
    expect(error.status).toBe(400);
  });

  it('keeps a reason already written for people as it is', async () => {
    const plain = 'That moving date has passed. Please choose today or a later date.';
    const refused = await failure(
      answering(() => json(400, { error: plain })).sendLead({} as never),
    );
    expect(refused.visitorMessage).toBe(plain);
    const limited = await failure(
      answering(() =>
        json(429, {
          error: 'Too many quote requests from this address; please try again in 60 seconds',
        }),
      ).sendLead({} as never),
    );
    expect(limited.visitorMessage).toBe(
      'Too many quote requests from this address; please try again in 60 seconds.',
    );
  });

  it('with an empty lead id is the server’s trouble', async () => {
    const error = await failure(
      answering(() => new Response('', { status: 200 })).sendLead({} as never),
    );
    expect(error.visitorMessage).toBe(SERVER_TROUBLE_MESSAGE);
  });
});
