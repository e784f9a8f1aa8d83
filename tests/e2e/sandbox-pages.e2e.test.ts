import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/app';
import { seriousViolations } from '../support/axe';
import { serviceAndBrowserForSuite } from '../support/browser';
import { mappedSandboxPortal, postSandboxForm, type SandboxPortal } from '../support/sandbox-portal';
import type { ServiceProcess } from '../support/server-process';

/** One of the stand-ins' own pages, as a person reaches it in the browser. */
interface SandboxView {
  name: string;
  open(page: Page): Promise<void>;
}

const at = (name: string, path: () => string, heading: string): SandboxView => ({
  name,
  async open(page) {
    await page.goto(path());
    await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 20_000 });
  },
});

/** The page wider than its window, or an element whose content is wider than its box and hidden (cut off). */
async function sidewaysOrCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth > clientWidth) problems.push(`${scrollWidth} px wide in a ${clientWidth} px window`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > clientWidth + 1)
        problems.push(
          `${element.tagName.toLowerCase()} "${element.innerText?.slice(0, 40)}" ends at ${box.right} px`,
        );
      const style = getComputedStyle(element);
      // A box of 1 px is the visually hidden pattern (a table's header for screen readers on a phone).
      if (
        style.overflowX === 'hidden' &&
        box.width > 1 &&
        element.scrollWidth > element.clientWidth + 1 &&
        element.tagName !== 'SELECT'
      )
        problems.push(`${element.tagName.toLowerCase()} "${element.innerText?.slice(0, 40)}" is cut off`);
    }
    return problems;
  });
}

describe('the stand-ins’ own pages (HubSpot sandbox, test checkout, mailbox) in the browser', () => {
  let service: ServiceProcess;
  let browser: Browser;
  let portal: SandboxPortal;
  let contactId: string;
  /** Two contacts in 08691 (Trenton, also known as Robbinsville): one for the pages' checks, one to click on. */
  let trentonIds: [string, string];
  let consentUrl: string;
  let checkoutUrl: string;
  let billingPortalUrl: string;
  let views: SandboxView[];

  serviceAndBrowserForSuite(
    {},
    async (started) => {
      ({ service, browser } = started);
      const user = await signUp(service.baseUrl);
      portal = await mappedSandboxPortal(service.baseUrl, user.token);
      // A contact ZipFill fills (its webhook), one with long values, a company, and a validation rule.
      const saved = await postSandboxForm(service.baseUrl, 'records', portal, {
        type: 'contacts',
        firstname: 'Ada',
        email: 'ada.lovelace.with.a.rather.long.address@analytical-engine.example.com',
        zip: '10001',
      });
      contactId = saved.searchParams.get('saved')!.split(':')[1]!;
      const trenton = async (firstname: string) =>
        (
          await postSandboxForm(service.baseUrl, 'records', portal, {
            type: 'contacts',
            firstname,
            zip: '08691',
          })
        ).searchParams
          .get('saved')!
          .split(':')[1]!;
      trentonIds = [await trenton('Tess'), await trenton('Theo')];
      await postSandboxForm(service.baseUrl, 'records', portal, {
        type: 'companies',
        name: 'Acme',
        zip: '94105',
      });
      await postSandboxForm(service.baseUrl, 'validation-rules', portal, {
        type: 'contacts',
        property: 'city',
        rule: 'letters_only',
      });
      const install = await call(service.baseUrl, '/api/auth/hubspot-install-url', { token: user.token });
      consentUrl = (install.body as { installUrl: string }).installUrl;
      const local = (url: string) => service.baseUrl + new URL(url).pathname;
      const checkout = async (body: unknown) => {
        const answer = await call(service.baseUrl, '/api/auth/create-checkout-session', {
          token: user.token,
          body,
        });
        expect(answer.status).toBe(200);
        return local((answer.body as { url: string }).url);
      };
      checkoutUrl = await checkout({ packageId: 'growth', paymentType: 'oneTime' });
      const subscription = await checkout({ packageId: 'starter', paymentType: 'monthly' });
      const paid = await fetch(`${subscription}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      // The subscription is known once its event is projected; the portal session waits for it.
      let session = await call(service.baseUrl, '/api/auth/create-portal-session', {
        token: user.token,
        body: {},
      });
      for (let waited = 0; session.status !== 200 && waited < 15_000; waited += 200) {
        await new Promise((r) => setTimeout(r, 200));
        session = await call(service.baseUrl, '/api/auth/create-portal-session', {
          token: user.token,
          body: {},
        });
      }
      expect(session.status).toBe(200);
      billingPortalUrl = local((session.body as { url: string }).url);

      // A mail in the mailbox: its reset link is a long unbroken line.
      expect(
        (await call(service.baseUrl, '/api/auth/forgot-password', { body: { email: user.email } })).status,
      ).toBeLessThan(300);
      let mailbox = '';
      for (let waited = 0; !mailbox.includes('<article>') && waited < 15_000; waited += 200) {
        await new Promise((r) => setTimeout(r, 200));
        mailbox = await (await fetch(`${service.baseUrl}/dev/mail`)).text();
      }
      expect(mailbox).toContain('<article>');

      const records = `/sandbox/hubspot/records?portalId=${portal.portalId}`;
      const workflow = `/sandbox/hubspot/workflow-action?${new URLSearchParams({ portalId: portal.portalId, type: 'contacts', id: contactId }).toString()}`;
      const card = `/sandbox/hubspot/card?${new URLSearchParams({ portalId: portal.portalId, type: 'contacts', id: trentonIds[0] }).toString()}`;
      views = [
        at('records page', () => records, `Sandbox portal ${portal.portalId}`),
        at('ZipFill card on a record', () => card, 'ZipFill'),
        {
          name: 'ZipFill card after Fill now',
          async open(page) {
            await at('', () => card, 'ZipFill').open(page);
            await page.getByRole('button', { name: 'Fill now' }).click();
            await page.getByRole('status').waitFor({ timeout: 20_000 });
            await page.waitForLoadState('load');
          },
        },
        at('workflow action form', () => workflow, 'Workflow action'),
        {
          name: 'workflow action result',
          async open(page) {
            await at('', () => workflow, 'Workflow action').open(page);
            await page.getByRole('button', { name: 'Run workflow action' }).click();
            await page.getByRole('heading', { name: /^Execution / }).waitFor({ timeout: 20_000 });
            // Measured once its stylesheet has loaded: before, the page is laid out unstyled.
            await page.waitForLoadState('load');
          },
        },
        at('OAuth consent page', () => consentUrl, 'Connect sandbox portal'),
        at('test checkout', () => checkoutUrl, 'Growth Pack - 1,200 credits'),
        at('test billing portal', () => billingPortalUrl, 'Billing portal'),
        at('development mailbox', () => '/dev/mail', 'Development mailbox'),
      ];
    },
    180_000,
  );

  /** Opens every sandbox page in one browser context; `check` answers what is wrong on each. */
  async function walk(
    options: { width: number; colorScheme: 'light' | 'dark' },
    check: (page: Page) => Promise<string[]>,
  ): Promise<string[]> {
    const context = await browser.newContext({
      baseURL: service.baseUrl,
      viewport: { width: options.width, height: 800 },
      colorScheme: options.colorScheme,
    });
    const [name, value] = portal.pass.split('=') as [string, string];
    await context.addCookies([{ name, value, url: `${service.baseUrl}/sandbox/hubspot/` }]);
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      for (const view of views) {
        await view.open(page);
        problems.push(...(await check(page)).map((p) => `${view.name}: ${p}`));
      }
    } finally {
      await context.close();
    }
    return problems;
  }

  it('lets a person choose the ZIP’s other city name, fill now and undo ZipFill’s last change on the ZipFill card beside a record', async () => {
    const context = await browser.newContext({ baseURL: service.baseUrl });
    const [name, value] = portal.pass.split('=') as [string, string];
    await context.addCookies([{ name, value, url: `${service.baseUrl}/sandbox/hubspot/` }]);
    const page = await context.newPage();
    try {
      await page.goto(`/sandbox/hubspot/records?portalId=${portal.portalId}`);
      await page
        .getByRole('row')
        .filter({ hasText: 'Theo' })
        .getByRole('link', { name: 'ZipFill card' })
        .click();
      await page.getByRole('heading', { name: `Contact ${trentonIds[1]}` }).waitFor({ timeout: 20_000 });
      const card = page.getByRole('region', { name: 'ZipFill card' });
      await card.getByRole('button', { name: 'Use Robbinsville' }).click();
      await expect(page.getByRole('status').innerText()).resolves.toBe(
        'City set to Robbinsville as your own value, free: later lookups keep it.',
      );
      await expect(
        page.getByRole('table', { name: 'ZipFill fields' }).getByRole('row', { name: /^City/ }).innerText(),
      ).resolves.toMatch(/^City\s+Robbinsville\s+Trenton\s+A person$/);
      await card.getByRole('button', { name: 'Fill now' }).click();
      await expect(page.getByRole('status').innerText()).resolves.toMatch(/^Nothing to update/);
      await expect(card.getByRole('button', { name: 'Use Trenton' }).count()).resolves.toBe(1);
      // Undo puts back what ZipFill's lookup replaced, and keeps the City the person chose since.
      await card.getByRole('button', { name: 'Undo ZipFill’s last change' }).click();
      await expect(page.getByRole('status').innerText()).resolves.toMatch(
        /^Restored .*Kept city: changed since ZipFill wrote them.*free and refunds nothing/,
      );
      await expect(
        page.getByRole('table', { name: 'ZipFill fields' }).getByRole('row', { name: /^City/ }).innerText(),
      ).resolves.toMatch(/^City\s+Robbinsville\s+Trenton\s+A person$/);
      await expect(card.getByRole('button', { name: 'Undo ZipFill’s last change' }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [390, 1280]) {
      it(`has no serious or critical axe violation on any sandbox page, ${colorScheme}, at ${width} px`, async () => {
        expect(await walk({ width, colorScheme }, seriousViolations)).toEqual([]);
      }, 120_000);

      it(`lets no sandbox page scroll sideways or cut its content off, ${colorScheme}, at ${width} px`, async () => {
        expect(await walk({ width, colorScheme }, sidewaysOrCutOff)).toEqual([]);
      }, 120_000);
    }
});
