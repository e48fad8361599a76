import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('the mail configuration', () => {
  it('keeps mail in the database by default, from no-reply at the public host or localhost', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'no-reply@localhost',
      maxAttempts: 12,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://moveratlas.example' }).mail.from).toBe(
      'no-reply@moveratlas.example',
    );
  });

  it('reads SMTP_URL, MAIL_FROM and MAIL_MAX_ATTEMPTS', () => {
    expect(
      loadConfig({
        SMTP_URL: ' smtps://mailer:secret@smtp.example:465 ',
        MAIL_FROM: 'MoverAtlas <no-reply@moveratlas.example>',
        MAIL_MAX_ATTEMPTS: '5',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example:465',
      from: 'MoverAtlas <no-reply@moveratlas.example>',
      maxAttempts: 5,
    });
  });

  it('names the variable that is wrong, without repeating a password', () => {
    const problem = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const smtp = problem({ SMTP_URL: 'https://mailer:hunter2@smtp.example' });
    expect(smtp).toContain('SMTP_URL: SMTP_URL must be smtp://');
    expect(smtp).not.toContain('hunter2');
    expect(problem({ MAIL_FROM: 'MoverAtlas' })).toContain(
      'MAIL_FROM: MAIL_FROM must be an e-mail address',
    );
    expect(problem({ MAIL_FROM: 'Evil\r\nBcc: x@y.example <a@b.example>' })).toContain(
      'MAIL_FROM:',
    );
    // Mail that leaves the server needs a sender its domain vouches for.
    expect(problem({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toContain(
      'MAIL_FROM: MAIL_FROM is required with SMTP_URL when PUBLIC_URL does not name the site',
    );
    expect(problem({ MAIL_MAX_ATTEMPTS: '0' })).toContain(
      'MAIL_MAX_ATTEMPTS must be between 1 and 1000',
    );
  });
});
