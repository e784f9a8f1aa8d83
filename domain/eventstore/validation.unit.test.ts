import { describe, expect, it } from 'vitest';
import { assertAppendable } from './validation';
import { InvalidEventError, MAX_EVENT_BYTES, type NewEvent } from './types';

const withText = (text: string): NewEvent => ({
  id: '4a1e8b8e-2f7a-4d3c-9a51-0c6b2f1f4e11',
  type: 'Noted',
  data: { text },
});

// `{"text":""}` and `{}` around the text.
const WRAPPING = 13;

describe('an event’s size limit', () => {
  it('takes an event of exactly the limit in UTF-8 bytes', () => {
    expect(() =>
      assertAppendable('notes-1', [withText('x'.repeat(MAX_EVENT_BYTES - WRAPPING))]),
    ).not.toThrow();
  });

  it('refuses an event one byte over the limit', () => {
    expect(() => assertAppendable('notes-1', [withText('x'.repeat(MAX_EVENT_BYTES - WRAPPING + 1))])).toThrow(
      InvalidEventError,
    );
  });

  it('counts bytes, not characters: text under the limit in characters but over it in UTF-8 is refused', () => {
    const euros = '€'.repeat(Math.ceil(MAX_EVENT_BYTES / 3)); // three bytes each
    expect(euros.length).toBeLessThan(MAX_EVENT_BYTES);
    expect(() => assertAppendable('notes-1', [withText(euros)])).toThrow(
      /takes \d+ bytes; an event may take/,
    );
  });
});
