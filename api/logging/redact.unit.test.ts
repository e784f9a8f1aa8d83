import { describe, expect, it } from 'vitest';
import { redact, redactText, REDACTED } from './redact';

describe('what a log line may not carry', () => {
  it('hides the token of a reset or unsubscribe link wherever it sits in a text', () => {
    expect(redactText('Sent https://zipfill.example/reset-password/abc123 to the user')).toBe(
      `Sent https://zipfill.example/reset-password/${REDACTED} to the user`,
    );
    expect(redactText('GET /api/auth/unsubscribe-credits/tok-9 200')).toBe(
      `GET /api/auth/unsubscribe-credits/${REDACTED} 200`,
    );
  });

  it("hides an OAuth grant's code and state and a secret-looking query parameter", () => {
    expect(redactText('callback?code=c0de&state=st4te&portal=7')).toBe(
      `callback?code=${REDACTED}&state=${REDACTED}&portal=7`,
    );
    expect(redactText('https://x.example/hook?x=1&api_key=k3y')).toBe(
      `https://x.example/hook?x=1&api_key=${REDACTED}`,
    );
  });

  it('hides the value of a pass cookie, whatever its case', () => {
    expect(redactText('cookie: zipfill_sandbox_crm=p4ss; other=1')).toBe(
      `cookie: zipfill_sandbox_crm=${REDACTED}; other=1`,
    );
    expect(redactText('ZIPFILL_DEV_MAIL=p4ss')).toBe(`ZIPFILL_DEV_MAIL=${REDACTED}`);
  });

  it("leaves a lookup's text as written when it holds no link, query or cookie", () => {
    const text = 'Lookup received: ZIP 10001 on contact 42 in portal 700001';
    expect(redactText(text)).toBe(text);
  });

  it('hides values by the name of their key at any depth, and cleans every text of the line', () => {
    expect(
      redact({
        message: 'see /unsubscribe/t0k',
        nested: { password: 'hunter2', url: '/oauth?code=abc', note: 'plain' },
      }),
    ).toEqual({
      message: `see /unsubscribe/${REDACTED}`,
      nested: { password: REDACTED, url: `/oauth?code=${REDACTED}`, note: 'plain' },
    });
  });
});
