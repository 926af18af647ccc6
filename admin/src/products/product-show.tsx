import DeleteIcon from '@mui/icons-material/Delete';
import RateReviewIcon from '@mui/icons-material/RateReview';
import {
  Button,
  DateField,
  EditButton,
  Labeled,
  Link,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  WithRecord,
} from 'react-admin';
import { Alert } from '@mui/material';
import { HistoryButton } from '../shared/history-button';
import { UserLink } from '../shared/links';
import { RecordActionButton } from '../shared/record-action-button';
import { AnalysisPanel } from './analysis-panel';
import { OffSourcePanel } from './off-source-panel';

function ReviewsButton() {
  const record = useRecordContext();
  if (!record) return null;
  const search = `?filter=${encodeURIComponent(JSON.stringify({ productId: record.id }))}`;
  return (
    <Button component={Link} to={{ pathname: '/reviews', search }} label="Reviews">
      <RateReviewIcon />
    </Button>
  );
}

function ProductActions() {
  const removed = useRecordContext()?.removed === true;
  return (
    <TopToolbar>
      <EditButton label="Correct" disabled={removed} />
      <ReviewsButton />
      <HistoryButton stream="product" />
      <RecordActionButton
        label="Remove"
        icon={<DeleteIcon />}
        action="remove"
        askReason="Remove this product"
        success="Product removed"
        disabled={removed}
      />
    </TopToolbar>
  );
}

export function ProductShow() {
  return (
    <Show actions={<ProductActions />}>
      <SimpleShowLayout>
        <WithRecord
          render={(p) => (p.removed ? <Alert severity="error">Removed from the catalogue</Alert> : null)}
        />
        <NumberField source="id" />
        <TextField source="name" />
        <TextField source="brand" emptyText="—" />
        <TextField source="barcode" emptyText="—" />
        <TextField source="weight" emptyText="—" />
        <TextField source="ingredients" />
        <TextField source="description" emptyText="—" />
        <Labeled label="Analysis">
          <AnalysisPanel />
        </Labeled>
        <TextField source="categories" emptyText="—" />
        <NumberField source="reviewCount" label="Reviews" />
        <NumberField source="averageStars" label="Average stars" emptyText="—" />
        <NumberField source="scans" />
        <TextField source="source" />
        <Labeled label="Source data">
          <OffSourcePanel />
        </Labeled>
        <Labeled label="Created by">
          <UserLink uidSource="createdBy" nameSource="createdBy" />
        </Labeled>
        <DateField source="createdAt" label="Added" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
