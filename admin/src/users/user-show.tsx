import { Alert } from '@mui/material';
import { DateField, NumberField, Show, TabbedShowLayout, TextField, WithRecord } from 'react-admin';
import { FlagField } from '../shared/chips';
import { UserActions } from './user-actions';
import { UserReviews, UserScans } from './user-activity';

export function UserShow() {
  return (
    <Show actions={<UserActions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Account">
          <WithRecord
            render={(user) =>
              user.deleted ? (
                <Alert severity="info">
                  This account was deleted: who the user was is forgotten, and nothing more can be done to it.
                </Alert>
              ) : user.suspended ? (
                <Alert severity="error">Suspended from posting reviews: {user.suspensionReason ?? '—'}</Alert>
              ) : null
            }
          />
          <TextField source="email" />
          <TextField source="username" emptyText="—" />
          <TextField source="displayName" label="Name" emptyText="—" />
          <TextField source="id" label="UID" />
          <DateField source="registeredAt" label="Registered" showTime />
          <NumberField source="scansTotal" label="Scans in total" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Subscription">
          <FlagField source="isPremium" label="Premium" text="Premium" color="success" />
          <TextField source="plan" emptyText="—" />
          <DateField source="premiumUntil" label="Premium until" showTime emptyText="—" />
          <TextField source="subscription.provider" label="Provider" emptyText="—" />
          <TextField source="subscription.subscriptionId" label="Subscription id" emptyText="—" />
          <DateField source="subscription.cancelsAt" label="Cancels at" showTime emptyText="—" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Scans">
          <UserScans />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Reviews">
          <UserReviews />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
