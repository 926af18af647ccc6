import { Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, TextField, TextInput } from 'react-admin';
import { JsonView } from '../shared/json-view';

const filters = [
  <TextInput
    key="stream"
    source="stream"
    alwaysOn
    resettable
    helperText="product-12, review-<id>, article-3 or user-<uid>"
    sx={{ minWidth: 320 }}
  />,
];

const NoStream = () => (
  <Typography sx={{ p: 2 }} color="text.secondary">
    Enter a stream to read its events in order.
  </Typography>
);

/** The audit trail: one stream's events in order, with time, type, actor and payload. */
export function EventList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'revision', order: 'ASC' }}
      perPage={100}
      empty={false}
      title="Event history"
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<NoStream />}>
        <NumberField source="revision" label="#" />
        <DateField source="at" label="Time" showTime sortable={false} />
        <TextField source="type" sortable={false} />
        <TextField source="actor" sortable={false} />
        <FunctionField label="Payload" render={(event) => <JsonView value={event.data} />} />
      </Datagrid>
    </List>
  );
}
