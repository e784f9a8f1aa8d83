import { useEffect } from 'react';
import {
  Alert,
  Button,
  Card,
  errorBanner,
  Form,
  SubmitButton,
  successBanner,
  TextField,
  useForm,
} from '../../../ui';
import { useCreditThresholdQuery, useSetCreditThresholdMutation } from '../api';
import { parseThreshold } from '../threshold';
import { countOf } from '../../../lib/plural';

export function ThresholdForm() {
  const { data, isLoading } = useCreditThresholdQuery();
  const [setThreshold, { isLoading: saving }] = useSetCreditThresholdMutation();

  async function save(threshold: number | null) {
    await setThreshold({ threshold }).unwrap();
    return successBanner('Notification settings updated successfully');
  }

  const form = useForm({
    initial: { threshold: '' },
    send: async (values) => {
      const threshold = parseThreshold(values.threshold);
      if (threshold === undefined) {
        return errorBanner('Enter a whole number of 0 or more, or leave the field empty.');
      }
      return save(threshold);
    },
    failed: () => 'Failed to update notification settings',
  });
  const { update } = form;

  // Fill the field once the stored threshold arrives, and again after a save changes it.
  useEffect(() => {
    if (data) update({ threshold: data.threshold === null ? '' : String(data.threshold) });
  }, [data, update]);

  const before = data?.unsubscribedByEmail ? data.thresholdBeforeUnsubscribe : null;

  return (
    <Card title="Credit Notifications">
      <Form form={form}>
        {data?.unsubscribedByEmail && (
          <Alert kind="info">
            You unsubscribed from credit notifications through the link in our e-mail, so they are off.
            {before !== null && (
              <>
                {' '}
                <Button variant="secondary" onClick={() => form.run(() => save(before))} disabled={saving}>
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
          {...form.field('threshold')}
        />
        <SubmitButton pending={saving} pendingLabel="Saving..." disabled={isLoading}>
          Save Settings
        </SubmitButton>
      </Form>
    </Card>
  );
}
