import { describe, expect, it } from 'vitest';
import { dayTooltip, usageChartOption } from './chart-option';
import { emptyDay } from './daily-usage';
import type { DailyUsage } from '@api/lookups/contract';

const days: DailyUsage[] = [
  emptyDay('2025-07-01'),
  {
    ...emptyDay('2025-07-02'),
    successful_lookups: 4,
    failed_lookups: 3,
    nothing_to_update: 2,
    failure_reasons: { insufficient_credits: 2, zip_not_found: 1 },
    successful_by_source: { webhook: 3, workflow: 1 },
  },
];

describe('the Daily Usage chart', () => {
  it('draws Successful and Failed Lookups for every day, counting in whole steps', () => {
    const option = usageChartOption(days, false);
    expect(option.series).toMatchObject([
      { name: 'Successful', type: 'line', data: [0, 4] },
      { name: 'Failed Lookups', type: 'line', data: [0, 3] },
    ]);
    expect(option.xAxis).toMatchObject({ data: ['2025-07-01', '2025-07-02'] });
    expect(option.yAxis).toMatchObject({ minInterval: 1 });
  });

  it('uses brighter line colours in dark mode', () => {
    expect(usageChartOption(days, true).color).not.toEqual(usageChartOption(days, false).color);
  });

  it("breaks a day's failures down by reason in the tooltip", () => {
    const text = dayTooltip(days[1]!)
      .replace(/<br\/>/g, '\n')
      .replace(/&nbsp;/g, ' ');
    expect(text).toContain('Successful: 4');
    expect(text).toContain('Failed Lookups: 3\n  Insufficient Credits: 2\n  Zip Not Found: 1');
  });

  it('says under "HubSpot Refused A Value" what HubSpot refused, in its words', () => {
    const refused: DailyUsage = {
      ...days[1]!,
      failed_lookups: 2,
      failure_reasons: { crm_validation_failed: 2 },
      refused_values: { 'HubSpot refused the value for City: Enter only letters': 2 },
    };
    const text = dayTooltip(refused)
      .replace(/<br\/>/g, '\n')
      .replace(/&nbsp;/g, ' ');
    expect(text).toContain(
      'Failed Lookups: 2\n  HubSpot Refused A Value: 2\n    HubSpot refused the value for City: Enter only letters: 2',
    );
  });

  it('breaks the successes down by source once a workflow or a backfill filled some', () => {
    const text = dayTooltip(days[1]!)
      .replace(/<br\/>/g, '\n')
      .replace(/&nbsp;/g, ' ');
    expect(text).toContain('Successful: 4\n  ZIP changes: 3\n  Workflow actions: 1\nNothing to update: 2');
    const webhookOnly = { ...days[1]!, successful_by_source: { webhook: 4 }, nothing_to_update: 0 };
    expect(dayTooltip(webhookOnly)).toContain('Successful: 4<br/>Failed Lookups: 3');
  });

  it('shows nothing to update apart from the failures, which count failures only', () => {
    const text = dayTooltip(days[1]!).replace(/<br\/>/g, '\n');
    expect(text).toContain('Nothing to update: 2\nFailed Lookups: 3');
    expect(usageChartOption(days, false).series).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Failed Lookups', data: [0, 3] })]),
    );
  });

  it('shows no breakdown on a day without failures', () => {
    expect(dayTooltip(days[0]!)).not.toContain('&nbsp;');
  });
});
