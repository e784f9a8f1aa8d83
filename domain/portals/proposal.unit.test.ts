import { describe, expect, it } from 'vitest';
import { defaultPortalMapping, type PortalMapping } from './config';
import { proposedMapping, sharedProperties } from './proposal';

const hubspotContact = [
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State/Region' },
  { name: 'country', label: 'Country/Region' },
  { name: 'county__c', label: 'County' },
  { name: 'zip', label: 'Postal Code' },
];
const hubspotCompany = [
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State/Region' },
  { name: 'country', label: 'Country/Region' },
];

describe('the proposed first mapping', () => {
  it("proposes HubSpot's own city, state and country, and a county property where one exists", () => {
    const proposal = proposedMapping(defaultPortalMapping(), {
      contact: hubspotContact,
      company: hubspotCompany,
    });
    expect(proposal?.contact).toMatchObject({
      city: 'city',
      state: 'state',
      county: 'county__c',
      country: 'country',
    });
    expect(proposal?.company).toMatchObject({ city: 'city', state: 'state', county: '', country: 'country' });
  });

  it('keeps the timezone switch and the write modes as they were', () => {
    const proposal = proposedMapping(defaultPortalMapping(), {
      contact: hubspotContact,
      company: hubspotCompany,
    });
    expect(proposal?.contact).toMatchObject({
      updateTimezone: false,
      modes: defaultPortalMapping().contact.modes,
    });
    expect(proposal?.company.modes).toEqual(defaultPortalMapping().company.modes);
  });

  it('proposes nothing once the owner has mapped any value', () => {
    const mapped: PortalMapping = defaultPortalMapping();
    mapped.company.city = 'city';
    expect(proposedMapping(mapped, { contact: hubspotContact, company: hubspotCompany })).toBeUndefined();
  });

  it('proposes nothing when the portal offers none of the properties', () => {
    const other = [{ name: 'favourite_colour', label: 'Favourite colour' }];
    expect(proposedMapping(defaultPortalMapping(), { contact: other, company: other })).toBeUndefined();
  });
});

describe('two values going to the same property', () => {
  it('are named with the property they share', () => {
    expect(sharedProperties({ city: 'city', state: 'state', county: 'city', country: '' })).toEqual([
      { property: 'city', fields: ['city', 'county'] },
    ]);
  });

  it('are not reported for values left unmapped', () => {
    expect(sharedProperties({ city: '', state: '', county: '', country: 'country' })).toEqual([]);
  });
});
