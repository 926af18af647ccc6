import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { TopToolbar, useRecordContext } from 'react-admin';
import { HistoryButton } from '../shared/history-button';
import { RecordActionButton } from '../shared/record-action-button';
import { DeleteAccountButton } from './delete-account-button';
import { GrantPremiumButton } from './grant-premium-button';

/**
 * Premium by grant or revocation, suspension from posting reviews, the user's history, and deleting
 * the account; a deleted account offers its history only.
 */
export function UserActions() {
  const user = useRecordContext();
  if (!user) return <TopToolbar />;
  if (user.deleted)
    return (
      <TopToolbar>
        <HistoryButton stream="user" />
      </TopToolbar>
    );
  const paid = user.isPremium && user.subscription?.provider !== 'admin';
  return (
    <TopToolbar>
      <GrantPremiumButton disabled={paid} />
      <RecordActionButton
        label="Revoke Premium"
        icon={<StarBorderIcon />}
        action="premium"
        method="DELETE"
        success="Premium revoked"
        disabled={!user.isPremium || paid}
      />
      {user.suspended ? (
        <RecordActionButton
          label="Reinstate"
          icon={<CheckCircleIcon />}
          action="reinstate"
          body={{}}
          success="User reinstated"
        />
      ) : (
        <RecordActionButton
          label="Suspend"
          icon={<BlockIcon />}
          action="suspend"
          askReason="Suspend from posting reviews"
          success="User suspended from posting reviews"
        />
      )}
      <HistoryButton stream="user" />
      <DeleteAccountButton />
    </TopToolbar>
  );
}
