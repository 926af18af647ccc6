import {
  Datagrid,
  DateField,
  DateInput,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { FlagField, RatingField } from '../shared/chips';
import { ratingChoices } from './ratings';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, brand, barcode or id" />,
  <SelectInput key="rating" source="rating" choices={ratingChoices} />,
  <SelectInput
    key="source"
    source="source"
    choices={[
      { id: 'starter', name: 'Starter data' },
      { id: 'user', name: 'Added by a user' },
      { id: 'admin', name: 'Added by an admin' },
      { id: 'off', name: 'Imported from Open Food Facts' },
    ]}
  />,
  <SelectInput
    key="removed"
    source="removed"
    label="Listing"
    choices={[
      { id: 'false', name: 'Listed' },
      { id: 'true', name: 'Removed' },
    ]}
  />,
  <DateInput key="createdSince" source="createdSince" label="Added since" />,
];

export function ProductList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="id" />
        <TextField source="name" />
        <TextField source="brand" />
        <TextField source="barcode" sortable={false} />
        <RatingField label="Rating" sortBy="rating" />
        <NumberField source="reviewCount" label="Reviews" />
        <NumberField source="averageStars" label="Avg ★" sortable={false} />
        <NumberField source="scans" />
        <TextField source="source" sortable={false} />
        <DateField source="createdAt" label="Added" />
        <FlagField source="removed" label="Status" text="Removed" color="error" sortable={false} />
      </Datagrid>
    </List>
  );
}
