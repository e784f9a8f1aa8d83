import { describe, expect, it } from 'vitest';
import {
  engagementColour,
  GREEN,
  GREY,
  hourlyBarColour,
  httpStatusColour,
  ORANGE,
  RED,
  AMBER,
} from './colours';

describe('engagement colours', () => {
  it('is green for any level containing "Active"', () => {
    expect(engagementColour('Highly Active')).toBe(GREEN);
    expect(engagementColour('Active')).toBe(GREEN);
  });
  it('is orange for Recent, red for Dormant and grey otherwise', () => {
    expect(engagementColour('Recent')).toBe(ORANGE);
    expect(engagementColour('Dormant')).toBe(RED);
    expect(engagementColour('Never Used')).toBe(GREY);
  });
});

describe('hourly bar colours', () => {
  it('is green from a 90% success rate, orange from 70%, red below', () => {
    expect([100, 90, 89.9, 70, 69.9, 0].map(hourlyBarColour)).toEqual([
      GREEN,
      GREEN,
      ORANGE,
      ORANGE,
      RED,
      RED,
    ]);
  });
});

describe('HTTP status colours', () => {
  it('is red from 500, amber from 400, green from 200', () => {
    expect([503, 500, 499, 400, 399, 200].map(httpStatusColour)).toEqual([
      RED,
      RED,
      AMBER,
      AMBER,
      GREEN,
      GREEN,
    ]);
  });
});
