/** Checks a captcha answer with the provider; off (always passes) when no secret is configured. */
export interface Captcha {
  readonly enabled: boolean;
  verify(token: string, remoteIp: string | undefined): Promise<boolean>;
}

export const captchaOff: Captcha = { enabled: false, verify: async () => true };

/** reCAPTCHA's siteverify protocol; `verifyUrl` lets tests point it at a local server. */
export function recaptcha(secret: string, verifyUrl: string): Captcha {
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          body: form,
          redirect: 'error',
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        return false;
      }
    },
  };
}
