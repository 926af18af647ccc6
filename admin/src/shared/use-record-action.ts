import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AdminDataProvider, RecordAction } from '../data/data-provider';
import { errorMessage } from './error-message';

/** `run(action, successMessage)`: the command, a notification, and a refresh of what is on screen. */
export function useRecordAction() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  async function run(action: RecordAction, success: string) {
    setBusy(true);
    try {
      await dataProvider.act(action);
      notify(success, { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}
