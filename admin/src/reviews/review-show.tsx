import {
  BooleanField,
  DateField,
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  WithRecord,
} from 'react-admin';
import { Alert } from '@mui/material';
import { HistoryButton } from '../shared/history-button';
import { ProductLink, UserLink } from '../shared/links';
import { ModerateReviewButton } from './moderation-buttons';
import { Stars } from '../shared/stars';

function ReviewActions() {
  return (
    <TopToolbar>
      <ModerateReviewButton />
      <HistoryButton stream="review" />
    </TopToolbar>
  );
}

export function ReviewShow() {
  return (
    <Show actions={<ReviewActions />}>
      <SimpleShowLayout>
        <WithRecord
          render={(review) =>
            review.hidden ? (
              <Alert severity="warning">Hidden: {review.hiddenReason ?? 'no reason recorded'}</Alert>
            ) : null
          }
        />
        <Labeled label="Product">
          <ProductLink brandSource="productBrand" />
        </Labeled>
        <Labeled label="Author">
          <UserLink />
        </Labeled>
        <Labeled label="Stars">
          <Stars />
        </Labeled>
        <TextField source="title" emptyText="—" />
        <TextField source="comment" />
        <BooleanField source="isVerifiedPurchase" label="Verified purchase" />
        <NumberField source="helpfulVotes" label="Helpful votes" />
        <NumberField source="unhelpfulVotes" label="Unhelpful votes" />
        <DateField source="createdAt" label="Posted" showTime />
        <DateField source="revisedAt" label="Revised" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
