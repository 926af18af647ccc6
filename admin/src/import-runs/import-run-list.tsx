import { Chip, type ChipProps } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { OffSyncPanel } from './off-sync-panel';
import { skippedByReason } from './skipped-by-reason';

const stateColours: Record<string, ChipProps['color']> = {
  running: 'info',
  completed: 'success',
  interrupted: 'warning',
  failed: 'error',
};

const states = ['running', 'completed', 'interrupted', 'failed'].map((id) => ({ id, name: id }));

const filters = [
  <TextInput key="q" source="q" label="Source" alwaysOn resettable />,
  <SelectInput key="state" source="state" choices={states} />,
];

/**
 * Open Food Facts import runs (`npm run import:off`, and each delta a sync applied): source, start,
 * how it ended and its counts; above them the last sync and the next due.
 */
export function ImportRunList() {
  return (
    <>
      <OffSyncPanel />
      <List filters={filters} sort={{ field: 'startedAt', order: 'DESC' }} title="Import runs">
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="source" />
          <DateField source="startedAt" label="Started" showTime />
          <FunctionField
            source="state"
            render={(run: RaRecord) => (
              <Chip size="small" label={run.state} color={stateColours[run.state] ?? 'default'} />
            )}
          />
          <NumberField source="rowsRead" label="Rows read" />
          <NumberField source="imported" sortable={false} />
          <NumberField source="updated" sortable={false} />
          <NumberField source="unchanged" sortable={false} />
          <FunctionField
            label="Skipped"
            render={(run: RaRecord) =>
              `${run.skippedTotal.toLocaleString()} (${skippedByReason(run.skipped)})`
            }
          />
          <TextField source="error" emptyText="" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
