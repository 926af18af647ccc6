import {
  Datagrid,
  DateField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { FlagField } from '../shared/chips';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="category" source="category" />,
  <SelectInput
    key="withdrawn"
    source="withdrawn"
    label="Status"
    choices={[
      { id: 'false', name: 'Published' },
      { id: 'true', name: 'Withdrawn' },
    ]}
  />,
];

export function ArticleList() {
  return (
    <List filters={filters} sort={{ field: 'publishedAt', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="id" />
        <TextField source="title" />
        <TextField source="category" />
        <DateField source="publishedAt" label="Published" />
        <FlagField source="withdrawn" label="Status" text="Withdrawn" color="error" sortable={false} />
      </Datagrid>
    </List>
  );
}
