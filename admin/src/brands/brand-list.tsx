import { Datagrid, List, NumberField, SearchInput, TextField, WrapperField } from 'react-admin';
import { CorrectSpellingButton } from './correct-spelling-button';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Brand" />];

/** Every spelling of a brand in the catalogue with how many listed products carry it, most first. */
export function BrandList() {
  return (
    <List filters={filters} sort={{ field: 'products', order: 'DESC' }} perPage={25}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="brand" label="Spelling" />
        <NumberField source="products" label="Listed products" />
        <WrapperField label="Correction">
          <CorrectSpellingButton />
        </WrapperField>
      </Datagrid>
    </List>
  );
}
