import { Alert, Chip } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextField,
  useGetOne,
  type RaRecord,
} from 'react-admin';
import type { AdminOffContributionResponse } from '@labelwise/domain/contracts';
import type { RuntimeConfig } from '../auth/runtime-config';
import { ProductLink } from '../shared/links';
import { contributionStates, offAnswer, stateChoices } from './contribution-states';

const filters = [<SelectInput key="state" source="state" label="State" choices={stateChoices} alwaysOn />];

type Contribution = AdminOffContributionResponse & RaRecord;

/** Says plainly that nothing is sent while the sender is off, and how to turn it on. */
function ContributionsOff() {
  const { data } = useGetOne<RuntimeConfig & { id: string }>('config', { id: 'runtime' });
  if (data?.offContribute !== false) return null;
  return (
    <Alert severity="info" sx={{ mt: 1 }}>
      Contributions to Open Food Facts are off: nothing is sent until the API runs with OFF_CONTRIBUTE=true
      and the app&apos;s Open Food Facts account (OFF_USER_ID, OFF_PASSWORD); the labels users agree to share
      wait here as queued.
    </Alert>
  );
}

const NothingShared = () => (
  <Alert severity="info" sx={{ mt: 1 }}>
    No user has agreed to share a label with Open Food Facts yet.
  </Alert>
);

/**
 * The labels users agreed to share with Open Food Facts, newest first: what was sent (barcode,
 * name, brand), where it stands, and what OFF answered.
 */
export function OffContributionList() {
  return (
    <>
      <ContributionsOff />
      <List
        filters={filters}
        sort={{ field: 'queuedAt', order: 'DESC' }}
        title="Sent to Open Food Facts"
        empty={<NothingShared />}
        exporter={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="barcode" sortable={false} emptyText="" />
          <ProductLink label="Product" sortable={false} />
          <TextField source="brand" sortable={false} emptyText="" />
          <FunctionField
            source="state"
            label="State"
            render={({ state }: Contribution) => (
              <Chip
                size="small"
                label={contributionStates[state].name}
                color={contributionStates[state].colour}
              />
            )}
          />
          <NumberField source="attempts" sortable={false} />
          <DateField source="queuedAt" label="Queued" showTime />
          <FunctionField
            source="updatedAt"
            label="Last attempt"
            render={(row: Contribution) =>
              row.attempts > 0 && row.updatedAt ? new Date(row.updatedAt).toLocaleString() : ''
            }
          />
          <DateField source="nextAttemptAt" label="Next try" showTime sortable={false} emptyText="" />
          <FunctionField label="What OFF answered" render={(row: Contribution) => offAnswer(row)} />
        </Datagrid>
      </List>
    </>
  );
}
