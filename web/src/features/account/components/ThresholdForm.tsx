import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextField } from '../../../ui';
import { useCreditThresholdQuery, useSetCreditThresholdMutation } from '../api';
import { parseThreshold } from '../threshold';
import { countOf } from '../../../lib/plural';

export function ThresholdForm() {
  const { data, isLoading } = useCreditThresholdQuery();
  const [setThreshold, { isLoading: saving }] = useSetCreditThresholdMutation();
  const [value, setValue] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  // Fill the field once the stored threshold arrives, and again after a save changes it.
  useEffect(() => {
    if (data) setValue(data.threshold === null ? '' : String(data.threshold));
  }, [data]);

  async function save(threshold: number | null) {
    setResult(null);
    try {
      await setThreshold({ threshold }).unwrap();
      setResult({ kind: 'success', text: 'Notification settings updated successfully' });
    } catch {
      setResult({ kind: 'error', text: 'Failed to update notification settings' });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const threshold = parseThreshold(value);
    if (threshold === undefined) {
      setResult({ kind: 'error', text: 'Enter a whole number of 0 or more, or leave the field empty.' });
      return;
    }
    void save(threshold);
  }

  const before = data?.unsubscribedByEmail ? data.thresholdBeforeUnsubscribe : null;

  return (
    <Card title="Credit Notifications">
      <form onSubmit={submit} className="form">
        {result && <Alert kind={result.kind}>{result.text}</Alert>}
        {data?.unsubscribedByEmail && (
          <Alert kind="info">
            You unsubscribed from credit notifications through the link in our e-mail, so they are off.
            {before !== null && (
              <>
                {' '}
                <Button variant="secondary" onClick={() => void save(before)} disabled={saving}>
                  Turn notifications back on below {countOf(before, 'credit')}
                </Button>
              </>
            )}
          </Alert>
        )}
        <TextField
          label="Notify me when my balance falls below"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder={isLoading ? 'Loading...' : 'Notifications off'}
          hint="We e-mail you when your credit balance falls below this number. Leave empty to turn notifications off."
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" disabled={saving || isLoading}>
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      </form>
    </Card>
  );
}
