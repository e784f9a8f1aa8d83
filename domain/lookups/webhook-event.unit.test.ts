import { describe, expect, it } from 'vitest';
import { classifyWebhookEvent, type CrmWebhookEvent } from './webhook-event';

const zipChange: CrmWebhookEvent = {
  eventId: 100,
  portalId: 62515,
  appId: 9001,
  objectId: 123,
  subscriptionType: 'contact.propertyChange',
  propertyName: 'zip',
  propertyValue: '10001',
  changeSource: 'CRM_UI',
  sourceId: 'userId:42',
  occurredAt: 1_764_000_000_000,
};

describe('which webhook events ask for a lookup', () => {
  it('takes a ZIP entered on a contact as a lookup request', () => {
    expect(classifyWebhookEvent(zipChange)).toEqual({
      kind: 'lookup',
      portalId: '62515',
      eventId: '100',
      objectType: 'contact',
      objectId: '123',
      propertyName: 'zip',
      zip: '10001',
      occurredAt: 1_764_000_000_000,
    });
  });

  it('takes a ZIP entered on a company as a lookup request', () => {
    expect(classifyWebhookEvent({ ...zipChange, subscriptionType: 'company.propertyChange' })).toMatchObject({
      kind: 'lookup',
      objectType: 'company',
    });
  });

  it('takes the ZIP and property name without control characters (a NUL, a bell, a line break)', () => {
    expect(
      classifyWebhookEvent({ ...zipChange, propertyValue: '100\u000001\n', propertyName: 'zip\u0007' }),
    ).toMatchObject({ kind: 'lookup', zip: '10001', propertyName: 'zip' });
  });

  it('skips a subscription type named after an inherited key (constructor, __proto__, toString)', () => {
    for (const subscriptionType of ['constructor', '__proto__', 'toString'])
      expect(classifyWebhookEvent({ ...zipChange, subscriptionType })).toEqual({
        kind: 'skip',
        why: 'not_a_zip_change',
      });
  });

  it('skips creations, deletions and other subscription types', () => {
    for (const subscriptionType of ['contact.creation', 'contact.deletion', 'deal.propertyChange'])
      expect(classifyWebhookEvent({ ...zipChange, subscriptionType })).toEqual({
        kind: 'skip',
        why: 'not_a_zip_change',
      });
  });

  it('skips changes made by an integration, so our own writes never trigger a lookup', () => {
    expect(classifyWebhookEvent({ ...zipChange, changeSource: 'INTEGRATION' })).toEqual({
      kind: 'skip',
      why: 'own_write',
    });
    expect(classifyWebhookEvent({ ...zipChange, changeSource: 'API', sourceId: '9001' })).toEqual({
      kind: 'skip',
      why: 'own_write',
    });
  });

  it('skips a ZIP that was cleared', () => {
    expect(classifyWebhookEvent({ ...zipChange, propertyValue: '  ' })).toEqual({
      kind: 'skip',
      why: 'zip_cleared',
    });
  });

  it('skips an event without numeric ids', () => {
    expect(classifyWebhookEvent({ ...zipChange, portalId: 'x' })).toEqual({ kind: 'skip', why: 'malformed' });
  });

  it('keeps a malformed ZIP as a request, so the user sees it fail as invalid_zip_format', () => {
    expect(classifyWebhookEvent({ ...zipChange, propertyValue: '10001-1234' })).toMatchObject({
      kind: 'lookup',
      zip: '10001-1234',
    });
  });
});

describe('which webhook events ask to forget a contact', () => {
  const deletion: CrmWebhookEvent = {
    eventId: 200,
    portalId: 62515,
    appId: 9001,
    objectId: 123,
    subscriptionType: 'contact.privacyDeletion',
    changeSource: 'CRM_UI',
    occurredAt: 1_764_000_000_000,
  };

  it('takes a contact deleted for privacy as a request to forget it, by its id alone', () => {
    expect(classifyWebhookEvent(deletion)).toEqual({
      kind: 'privacy_deletion',
      portalId: '62515',
      eventId: '200',
      objectId: '123',
    });
  });

  it('skips a privacy deletion whose ids are not HubSpot ids', () => {
    expect(classifyWebhookEvent({ ...deletion, objectId: 'abc' })).toEqual({
      kind: 'skip',
      why: 'malformed',
    });
  });

  it('does not take an ordinary contact deletion as a privacy deletion', () => {
    expect(classifyWebhookEvent({ ...deletion, subscriptionType: 'contact.deletion' })).toMatchObject({
      kind: 'skip',
    });
  });
});
