import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import {
  DateField,
  EditButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  WithRecord,
} from 'react-admin';
import { Alert } from '@mui/material';
import { HistoryButton } from '../shared/history-button';
import { RecordActionButton } from '../shared/record-action-button';
import { ArticlePreview } from './article-preview';

function ArticleActions() {
  const withdrawn = useRecordContext()?.withdrawn === true;
  return (
    <TopToolbar>
      <EditButton disabled={withdrawn} />
      <HistoryButton stream="article" />
      <RecordActionButton
        label="Withdraw"
        icon={<RemoveCircleIcon />}
        action="withdraw"
        askReason="Withdraw this article"
        success="Article withdrawn"
        disabled={withdrawn}
      />
    </TopToolbar>
  );
}

export function ArticleShow() {
  return (
    <Show actions={<ArticleActions />}>
      <SimpleShowLayout>
        <WithRecord
          render={(a) =>
            a.withdrawn ? <Alert severity="error">Withdrawn: readers no longer see it</Alert> : null
          }
        />
        <TextField source="category" emptyText="—" />
        <DateField source="publishedAt" label="Published" showTime />
        <WithRecord render={(a) => <ArticlePreview {...a} />} />
      </SimpleShowLayout>
    </Show>
  );
}
