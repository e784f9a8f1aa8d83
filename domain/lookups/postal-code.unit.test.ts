import { describe, expect, it } from 'vitest';
import { parsePostalCode } from './postal-code';

const invalid = { kind: 'invalid', reason: 'invalid_zip_format' };

describe('US ZIP codes', () => {
  it('accepts exactly five digits', () => {
    expect(parsePostalCode('10001')).toEqual({ kind: 'us', zip: '10001' });
  });

  it('keeps the leading zeros of a ZIP', () => {
    expect(parsePostalCode('02108')).toEqual({ kind: 'us', zip: '02108' });
  });

  it('ignores whitespace around the ZIP', () => {
    expect(parsePostalCode('  60601\t\n')).toEqual({ kind: 'us', zip: '60601' });
  });

  it('reads a ZIP+4 with its hyphen by its first five digits', () => {
    expect(parsePostalCode('02134-1234')).toEqual({ kind: 'us', zip: '02134' });
  });

  it('reads a ZIP+4 written without its hyphen by its first five digits', () => {
    expect(parsePostalCode('021341234')).toEqual({ kind: 'us', zip: '02134' });
  });

  it('reads a ZIP+4 with spaces around it', () => {
    expect(parsePostalCode(' 02134-1234 \t')).toEqual({ kind: 'us', zip: '02134' });
  });

  it('does not guess the leading zero of a 4-digit ZIP', () => {
    expect(parsePostalCode('2134')).toEqual(invalid);
  });

  it('rejects a ZIP+4 whose extension is not four digits or is set apart by anything but one hyphen', () => {
    for (const code of [
      '02134-123',
      '02134-12345',
      '02134 1234',
      '02134--1234',
      '02134-',
      '02134-12a4',
      '0213412345',
    ])
      expect(parsePostalCode(code)).toEqual(invalid);
  });

  it('rejects other counts of digits', () => {
    for (const code of ['601', '100010', '1', '10001123']) expect(parsePostalCode(code)).toEqual(invalid);
  });

  it('rejects spaces or letters inside a ZIP', () => {
    for (const code of ['100 01', '1000I', 'l0001', '10O01']) expect(parsePostalCode(code)).toEqual(invalid);
  });

  it('rejects digits that are not plain ASCII', () => {
    expect(parsePostalCode('１０００１')).toEqual(invalid);
    expect(parsePostalCode('١٠٠٠١')).toEqual(invalid);
  });
});

describe('Canadian postal codes', () => {
  it('accepts A1A 1A1 and resolves by its forward sortation area', () => {
    expect(parsePostalCode('M5V 3L9')).toEqual({ kind: 'ca', fsa: 'M5V', postalCode: 'M5V 3L9' });
  });

  it('accepts A1A1A1 without the space and writes it with one', () => {
    expect(parsePostalCode('M5V3L9')).toEqual({ kind: 'ca', fsa: 'M5V', postalCode: 'M5V 3L9' });
  });

  it('is case-insensitive', () => {
    expect(parsePostalCode('h2x 1y4')).toEqual({ kind: 'ca', fsa: 'H2X', postalCode: 'H2X 1Y4' });
    expect(parsePostalCode('v6B1a1')).toEqual({ kind: 'ca', fsa: 'V6B', postalCode: 'V6B 1A1' });
  });

  it('ignores whitespace around the code', () => {
    expect(parsePostalCode(' T2P 1J9 ')).toEqual({ kind: 'ca', fsa: 'T2P', postalCode: 'T2P 1J9' });
  });

  it('rejects a forward sortation area on its own', () => {
    expect(parsePostalCode('M5V')).toEqual(invalid);
  });

  it('rejects other separators and spacing', () => {
    for (const code of ['M5V-3L9', 'M5V  3L9', 'M 5 V 3 L 9', 'M5V_3L9']) {
      expect(parsePostalCode(code)).toEqual(invalid);
    }
  });

  it('rejects letters and digits in the wrong places', () => {
    for (const code of ['5MV 3L9', 'M5V 3LL', 'MMV 3L9', 'M5V 3L9A'])
      expect(parsePostalCode(code)).toEqual(invalid);
  });
});

describe('other formats', () => {
  it('rejects empty and blank input', () => {
    expect(parsePostalCode('')).toEqual(invalid);
    expect(parsePostalCode('   ')).toEqual(invalid);
  });

  it('rejects international codes such as UK and German postcodes', () => {
    for (const code of ['SW1A 1AA', 'EC1A 1BB', 'D-10115', '1234 AB'])
      expect(parsePostalCode(code)).toEqual(invalid);
  });
});
