import BuildIcon from '@mui/icons-material/Build';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { Chip, type ChipProps } from '@mui/material';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  TextField,
  TopToolbar,
  useListContext,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { FailingEventResponse } from '@labelwise/domain/contracts';
import { RecordActionButton } from '../shared/record-action-button';
import { ReadReplicas } from './read-replicas';
import { RebuildPanel } from './rebuild-panel';
import { useLatestRebuild, useStartRebuild } from './rebuild-jobs';

const stateColours: Record<string, ChipProps['color']> = {
  running: 'success',
  rebuilding: 'info',
  parked: 'error',
  idle: 'default',
};

const StateChip = (record: RaRecord) => (
  <Chip size="small" label={record.state} color={stateColours[record.state] ?? 'default'} />
);

function RebuildOneButton({ running }: { running: boolean; label?: string }) {
  const record = useRecordContext();
  const { start, isPending } = useStartRebuild();
  if (!record) return null;
  return (
    <Button label="Rebuild" disabled={running || isPending} onClick={() => start([record.name])}>
      <BuildIcon />
    </Button>
  );
}

/** Where a parked projection stopped: the event's position, type and stream. */
const FailingEvent = (record: RaRecord) => {
  const event = record.failingEvent as FailingEventResponse | null;
  return event ? [event.position, event.type, event.stream].filter(Boolean).join(' · ') : '—';
};

/** Moves a parked projection past the event it stopped at, with a reason the audit trail keeps. */
function SkipEventButton({ running }: { running: boolean; label?: string }) {
  const record = useRecordContext();
  const event = record?.failingEvent as FailingEventResponse | null | undefined;
  if (!record || !event) return null;
  return (
    <RecordActionButton
      label="Skip event"
      icon={<SkipNextIcon />}
      action="skips"
      body={{ position: event.position }}
      askReason={`Skip event ${event.position} (${event.type ?? 'type not recorded'}) in ${record.name}: it is never applied there, and rebuilds leave it out`}
      success={`${record.name} goes on after event ${event.position}`}
      disabled={running}
    />
  );
}

function RebuildAllButton({ running }: { running: boolean }) {
  const { data = [] } = useListContext();
  const { start, isPending } = useStartRebuild();
  return (
    <Button
      label="Rebuild all"
      disabled={running || isPending || data.length === 0}
      onClick={() => start(data.map((p) => p.name))}
    >
      <BuildIcon />
    </Button>
  );
}

/**
 * Every projection's state, checkpoint, lag and parked error; rebuild one or all with live progress.
 * Above them, the read tables' replicas when there are some.
 */
export function ProjectionList() {
  const job = useLatestRebuild();
  const running = job?.state === 'running';
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={100}
      pagination={false}
      actions={
        <TopToolbar>
          <RebuildAllButton running={running} />
        </TopToolbar>
      }
    >
      <ReadReplicas />
      <RebuildPanel job={job} />
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <FunctionField label="State" render={StateChip} />
        <NumberField source="version" sortable={false} />
        <TextField source="checkpoint" sortable={false} />
        <NumberField source="lagEvents" label="Lag (events)" sortable={false} />
        <NumberField
          source="lagSeconds"
          label="Lag (s)"
          sortable={false}
          options={{ maximumFractionDigits: 1 }}
        />
        <TextField source="lastError" label="Parked error" sortable={false} emptyText="—" />
        <FunctionField label="Failing event" render={FailingEvent} />
        <RebuildOneButton label="Rebuild" running={running} />
        <SkipEventButton label="Skip" running={running} />
      </Datagrid>
    </List>
  );
}
