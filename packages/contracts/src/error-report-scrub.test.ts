import { describe, expect, it } from 'vitest';
import { scrubErrorReport, scrubText } from './error-report-scrub.ts';

describe('scrubErrorReport', () => {
  it('masks e-mails, IP addresses and secret-looking query values in any text', () => {
    expect(scrubText('mail ann@example.com from 10.0.0.12 and 2001:db8:85a3::8a2e:370:7334')).toBe(
      'mail [email] from [ip] and [ip]',
    );
    expect(scrubText('https://casino.example/reset?token=abc123&page=2#top')).toBe(
      'https://casino.example/reset?token=[redacted]&page=2#top',
    );
    expect(scrubText('failed (password=hunter2, user=7)')).toBe('failed (password=[redacted], user=7)');
    expect(scrubText('version 10.78.0 at 12:30:45')).toBe('version 10.78.0 at 12:30:45');
  });

  it('drops cookies, credentials, bodies and all of the user but its id, wherever they sit', () => {
    const event = scrubErrorReport({
      server_name: 'annes-laptop',
      user: { id: 7, email: 'ann@example.com', ip_address: '192.0.2.1', username: 'ann' },
      request: {
        url: '/api/x?sid=s3cr3t',
        cookies: { sid: 's3cr3t' },
        data: { password: 'hunter2' },
        headers: {
          cookie: 'sid=s3cr3t',
          authorization: 'Bearer t',
          'x-forwarded-for': '192.0.2.1',
          accept: '*/*',
        },
      },
      extra: { apiKey: 'k', nested: [{ sessionToken: 'x', note: 'call 192.0.2.44' }] },
      breadcrumbs: [{ message: 'GET /verify?email=ann@example.com' }],
    });
    expect(event).toEqual({
      user: { id: 7 },
      request: { url: '/api/x?sid=[redacted]', headers: { accept: '*/*' } },
      extra: { apiKey: '[redacted]', nested: [{ sessionToken: '[redacted]', note: 'call [ip]' }] },
      breadcrumbs: [{ message: 'GET /verify?email=[redacted]' }],
    });
    const anonymous: { user: { id?: number; email: string } } = { user: { email: 'ann@example.com' } };
    expect(scrubErrorReport(anonymous).user).toBeUndefined();
  });
});
