/**
 * A phone number a person can be called back on: 7 to 15 digits (E.164 allows at most 15), written
 * with spaces, dashes, dots or brackets as people do, an international one with a leading "+".
 * "abc" is not one. The same pattern checks the support form in the browser and on the server.
 */
export const PHONE_PATTERN = '^(?=(?:[^0-9]*[0-9]){7,15}[^0-9]*$)\\+?[0-9 ().-]+$';

/** What the rule asks for, said to the person who typed something else. */
export const PHONE_RULE =
  'must be a phone number of 7 to 15 digits (spaces, dashes, dots, brackets and a leading + are fine)';

const phone = new RegExp(PHONE_PATTERN, 'u');

export function isPhoneNumber(text: string): boolean {
  return phone.test(text.trim());
}
