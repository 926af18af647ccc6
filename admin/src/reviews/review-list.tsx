import {
  AutocompleteInput,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  type RaRecord,
} from 'react-admin';
import { Typography } from '@mui/material';
import { FlagField } from '../shared/chips';
import { ProductLink, UserLink } from '../shared/links';
import { ModerateReviewButton, ReviewBulkActions } from './moderation-buttons';
import { Stars } from '../shared/stars';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Text, author or product" />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'visible', name: 'Visible' },
      { id: 'hidden', name: 'Hidden' },
    ]}
  />,
  <ReferenceInput
    key="productId"
    source="productId"
    reference="products"
    sort={{ field: 'name', order: 'ASC' }}
  >
    <AutocompleteInput label="Product" optionText="name" />
  </ReferenceInput>,
  <SelectInput
    key="rating"
    source="rating"
    label="Stars"
    choices={[1, 2, 3, 4, 5].map((n) => ({ id: n, name: '★'.repeat(n) }))}
  />,
  <DateInput key="postedSince" source="postedSince" label="Posted since" />,
  <DateInput key="postedBefore" source="postedBefore" label="Posted before" />,
];

const ReviewText = (record: RaRecord) => (
  <>
    {record.title && (
      <Typography variant="subtitle2" component="p">
        {record.title}
      </Typography>
    )}
    <Typography variant="body2" sx={{ maxWidth: 480, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {record.comment}
    </Typography>
  </>
);

/** The moderation queue: newest first, filterable, with single and bulk hide/restore. */
export function ReviewList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={<ReviewBulkActions />}>
        <ProductLink label="Product" sortBy="productId" brandSource="productBrand" />
        <UserLink label="Author" sortBy="username" />
        <Stars label="Stars" sortBy="rating" />
        <FunctionField label="Review" render={ReviewText} />
        <NumberField source="helpfulVotes" label="Helpful" />
        <DateField source="createdAt" label="Posted" showTime />
        <FlagField source="hidden" label="Status" text="Hidden" sortable={false} />
        <ModerateReviewButton label="Moderation" />
      </Datagrid>
    </List>
  );
}
