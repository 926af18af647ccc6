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

/** "2 no barcode, 1 malformed": the skip reasons that skipped anything. */
export function skippedByReason(skipped: Record<string, number>): string {
  const parts = Object.entries(skipped)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${count.toLocaleString()} ${reason}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** Open Food Facts import runs (`npm run import:off`): source, start, how it ended and its counts. */
export function ImportRunList() {
  return (
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
          render={(run: RaRecord) => `${run.skippedTotal.toLocaleString()} (${skippedByReason(run.skipped)})`}
        />
        <TextField source="error" emptyText="" sortable={false} />
      </Datagrid>
    </List>
  );
}
