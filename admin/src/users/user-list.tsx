import { Datagrid, DateField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import { FlagField } from '../shared/chips';

const yesNo = [
  { id: 'true', name: 'Yes' },
  { id: 'false', name: 'No' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Email or username" />,
  <SelectInput key="premium" source="premium" choices={yesNo} />,
  <SelectInput key="suspended" source="suspended" choices={yesNo} />,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'registeredAt', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="email" />
        <TextField source="username" emptyText="—" />
        <TextField source="displayName" label="Name" sortable={false} emptyText="—" />
        <FlagField source="isPremium" label="Premium" text="Premium" color="success" sortable={false} />
        <DateField source="premiumUntil" label="Premium until" emptyText="—" />
        <FlagField source="suspended" label="Suspended" text="Suspended" color="error" sortable={false} />
        <FlagField source="deleted" label="Deleted" text="Deleted" color="default" sortable={false} />
        <NumberField source="scansTotal" label="Scans" />
        <DateField source="registeredAt" label="Registered" />
      </Datagrid>
    </List>
  );
}
